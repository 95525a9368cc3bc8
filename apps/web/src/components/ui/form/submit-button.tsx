import type { ReactNode } from 'react';
import formStyles from './form.module.css';

type SubmitButtonProps = {
  /** The request is under way: the button says so to screen readers and takes no second click. */
  busy: boolean;
  /** Defaults to `busy`; a form that also waits for a choice passes both. */
  disabled?: boolean;
  testId: string;
  children: ReactNode;
};

/** A form's primary submit button, full width under its fields. */
export const SubmitButton = ({ busy, disabled = busy, testId, children }: SubmitButtonProps) => (
  <button
    type="submit"
    className={`btn btn--primary ${formStyles.submit}`}
    disabled={disabled}
    aria-busy={busy}
    data-testid={testId}
  >
    {children}
  </button>
);
