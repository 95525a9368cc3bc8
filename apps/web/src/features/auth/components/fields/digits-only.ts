import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The field's own `onChange`, after dropping anything but digits that was typed or pasted. */
export const digitsOnly =
  (field: UseFormRegisterReturn) =>
  (event: ChangeEvent<HTMLInputElement>): void => {
    event.target.value = event.target.value.replace(/\D/g, '');
    void field.onChange(event);
  };
