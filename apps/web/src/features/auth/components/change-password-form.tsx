import { checkField, type FieldRule } from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { focusFirstInvalid } from '@/components/ui/form/focus-first-invalid';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField } from '@/components/ui/form/text-field';
import { changePasswordRequest } from '../api/change-password';
import { MEMBER_QUERY_ROOT } from '../api/get-member-info';
import { errorText } from '../utils/error-message';
import { fieldMessage, type Message } from '../utils/field-message';
import styles from './auth-forms.module.css';
import { NewPasswordFields } from './fields/new-password-fields';

export type ChangePasswordFields = {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
};
type FieldErrors = Partial<Record<keyof ChangePasswordFields, Message>>;

/**
 * Change-password rules of spec section 5: the old password unless already known, the new one
 * through the merchant's password rule, and the confirmation equal to it ('inconsistent twice').
 */
export const validateChangePassword = (
  fields: ChangePasswordFields,
  passwordRule: FieldRule | undefined,
  oldPasswordKnown: boolean,
): FieldErrors => {
  const errors: FieldErrors = {};
  if (!oldPasswordKnown && !fields.oldPassword) errors.oldPassword = { key: 'validation.required' };
  if (!fields.newPassword) errors.newPassword = { key: 'validation.required' };
  else if (passwordRule) {
    const message = fieldMessage(passwordRule, checkField(passwordRule, fields.newPassword));
    if (message) errors.newPassword = message;
  }
  if (!fields.confirmNewPassword) errors.confirmNewPassword = { key: 'validation.required' };
  else if (fields.confirmNewPassword !== fields.newPassword)
    errors.confirmNewPassword = { key: 'inconsistent twice' };
  return errors;
};

type ChangePasswordFormProps = {
  /** The merchant's password rule (registration rules, field `password`). */
  passwordRule: FieldRule | undefined;
  /** The password the member has just logged in with, when the forced change follows a login. */
  knownOldPassword?: string | null;
  onChanged: () => void;
};

/** The change-password form of the popup and of the security centre. */
export const ChangePasswordForm = ({
  passwordRule,
  knownOldPassword = null,
  onChanged,
}: ChangePasswordFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<ChangePasswordFields>({
    oldPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const oldKnown = knownOldPassword !== null;

  const set = (name: keyof ChangePasswordFields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };
  const messageOf = (name: keyof ChangePasswordFields) => {
    const message = fieldErrors[name];
    return message ? t(message.key, message.values) : undefined;
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors = validateChangePassword(fields, passwordRule, oldKnown);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await changePasswordRequest({
        oldPassword: knownOldPassword ?? fields.oldPassword,
        newPassword: fields.newPassword,
        confirmNewPassword: fields.confirmNewPassword,
      });
      // Every other session has ended: the security centre's list is stale.
      void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, 'sessions'] });
      setFields({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
      onChanged();
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  };

  // The rule's own sentence under the field, so the member knows it before typing.
  const rulesHint = passwordRule ? fieldMessage(passwordRule, 'pattern') : null;
  return (
    <form className={styles.stack} noValidate onSubmit={(event) => void onSubmit(event)}>
      {!oldKnown && (
        <PasswordField
          label={t('auth.oldPassword')}
          required
          value={fields.oldPassword}
          onChange={(event) => set('oldPassword')(event.target.value)}
          autoComplete="current-password"
          maxLength={128}
          error={messageOf('oldPassword')}
          data-testid="change-password-old"
        />
      )}
      <NewPasswordFields
        values={fields}
        set={set}
        messageOf={messageOf}
        hint={rulesHint ? t(rulesHint.key, rulesHint.values) : undefined}
        newTestId="change-password-new"
        confirmTestId="change-password-confirm"
      />
      {error !== null && (
        <FormAlert testId="change-password-error">{errorText(t, error)}</FormAlert>
      )}
      <SubmitButton busy={submitting} testId="change-password-submit">
        {submitting ? t('auth.saving') : t('auth.changePassword')}
      </SubmitButton>
    </form>
  );
};
