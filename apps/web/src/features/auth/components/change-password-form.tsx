import type { FieldRule } from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { fieldMessage } from '@/lib/field-message';
import { changePasswordRequest } from '../api/change-password';
import { MEMBER_QUERY_ROOT } from '../api/get-member-info';
import { changePasswordSchema, type ChangePasswordFields } from '../utils/change-password-schema';
import styles from './auth-forms.module.css';
import { NewPasswordFields } from './fields/new-password-fields';

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
  const oldKnown = knownOldPassword !== null;
  const form = useContractForm(changePasswordSchema(passwordRule, oldKnown), {
    oldPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const { isSubmitting } = form.formState;

  const onValid = async (fields: ChangePasswordFields) => {
    await changePasswordRequest({
      oldPassword: knownOldPassword ?? fields.oldPassword,
      newPassword: fields.newPassword,
      confirmNewPassword: fields.confirmNewPassword,
    });
    // Every other session has ended: the security centre's list is stale.
    void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, 'sessions'] });
    form.reset();
    onChanged();
  };

  // The rule's own sentence under the field, so the member knows it before typing.
  const rulesHint = passwordRule ? fieldMessage(passwordRule, 'pattern') : null;
  return (
    <form className={styles.stack} noValidate onSubmit={form.submit(onValid)}>
      {!oldKnown && (
        <PasswordField
          label={t('auth.oldPassword')}
          required
          {...form.register('oldPassword')}
          autoComplete="current-password"
          maxLength={128}
          error={form.fieldError('oldPassword')}
          data-testid="change-password-old"
        />
      )}
      <NewPasswordFields
        form={form}
        hint={rulesHint ? t(rulesHint.key, rulesHint.values) : undefined}
        newTestId="change-password-new"
        confirmTestId="change-password-confirm"
      />
      {form.alert && <FormAlert testId="change-password-error">{form.alert}</FormAlert>}
      <SubmitButton busy={isSubmitting} testId="change-password-submit">
        {isSubmitting ? t('auth.saving') : t('auth.changePassword')}
      </SubmitButton>
    </form>
  );
};
