import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icon';
import styles from './form.module.css';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'prefix'> & {
  label: ReactNode;
  /** Marks the label with an asterisk (spec section 5: required fields are marked). */
  required?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown inside the box before the input: an icon or a short text such as +66. */
  prefix?: ReactNode;
  /** Shown inside the box after the input: a button such as 'send code'. */
  addon?: ReactNode;
};

/**
 * A labelled input with its error below, wired for screen readers. Takes `register(name)`
 * as it is (React 19: `ref` is a prop) and `fieldError(name)` as `error`.
 */
export const TextField = ({
  label,
  required = false,
  error,
  hint,
  prefix,
  addon,
  id,
  className,
  ...input
}: TextFieldProps) => {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className={styles.control} data-invalid={Boolean(error)}>
        {prefix &&
          (typeof prefix === 'string' ? (
            <span className={styles.prefixText}>{prefix}</span>
          ) : (
            <span className={styles.prefix}>{prefix}</span>
          ))}
        <input
          id={inputId}
          className={styles.input}
          aria-invalid={Boolean(error)}
          aria-required={required}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        {addon && <span className={styles.addon}>{addon}</span>}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
};

/** A password input with a show/hide toggle. */
export const PasswordField = (props: Omit<TextFieldProps, 'type' | 'addon'>) => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const showLabel = t('auth.showPassword');
  const hideLabel = t('auth.hidePassword');
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className={styles.reveal}
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          title={visible ? hideLabel : showLabel}
          onClick={() => setVisible((value) => !value)}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} size={18} />
        </button>
      }
    />
  );
};
