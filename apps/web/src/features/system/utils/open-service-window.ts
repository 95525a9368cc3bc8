/** Customer service opens in a 440x750 window (spec section 8, maintenance screen). */
export const SERVICE_WINDOW = { width: 440, height: 750 } as const;

export const openServiceWindow = (url: string, name = 'customerService'): void => {
  const { width, height } = SERVICE_WINDOW;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  window.open(
    url,
    name,
    `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`,
  );
};
