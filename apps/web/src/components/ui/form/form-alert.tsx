import type { ReactNode } from 'react';
import styles from './form.module.css';

type FormAlertProps = {
  children: ReactNode;
  tone?: 'error' | 'success' | 'info';
  testId?: string;
};

/** The answer to a submit, above the submit button; errors are announced. */
export const FormAlert = ({ children, tone = 'error', testId }: FormAlertProps) => (
  <div
    className={styles.alert}
    data-tone={tone}
    role={tone === 'error' ? 'alert' : 'status'}
    data-testid={testId}
  >
    {children}
  </div>
);
