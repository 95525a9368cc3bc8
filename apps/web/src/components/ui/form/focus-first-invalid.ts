/** After a refused submit, moves focus (and the scroll) to the first field marked invalid. */
export const focusFirstInvalid = (form: HTMLFormElement | null): void => {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
    field?.scrollIntoView({ block: 'center' });
  });
};
