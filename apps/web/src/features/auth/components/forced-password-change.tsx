import type { FieldRule } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { useFinishPasswordChange } from '../hooks/use-finish-password-change';
import { knownPassword } from '../utils/known-password';
import styles from './auth-forms.module.css';
import { ChangePasswordForm } from './change-password-form';

type ForcedPasswordChangeProps = { passwordRule: FieldRule | undefined; onDone: () => void };

/**
 * The popup's content when a login must change its password (123456, a first login, or an
 * expired password with PWDEXPFORCECHANGE3). The old password is the one just typed, when this
 * page still knows it.
 */
export const ForcedPasswordChange = ({ passwordRule, onDone }: ForcedPasswordChangeProps) => {
  const { t } = useTranslation();
  const finish = useFinishPasswordChange();
  const [known] = useState(knownPassword);
  return (
    <div className={styles.stack} data-testid="change-password-forced">
      <FormAlert tone="info">{t('auth.mustChangePassword')}</FormAlert>
      <ChangePasswordForm
        passwordRule={passwordRule}
        knownOldPassword={known}
        onChanged={() => void finish().then(onDone)}
      />
    </div>
  );
};
