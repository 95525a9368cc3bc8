import type { FieldRule, MemberInfo } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { Icon } from '@/components/ui/icon';
import { formatDateTime } from '@/lib/time';
import { AuthenticatorCard } from './authenticator-card';
import { ChangePasswordForm } from './change-password-form';
import styles from './security-center.module.css';
import { SessionsList } from './sessions-list';

type SecurityCenterProps = {
  token: string;
  member: MemberInfo;
  passwordRule: FieldRule | undefined;
  timeZone: string;
  /** The id of the security section, which the header's 'security center' link scrolls to. */
  sectionId: string;
};

/**
 * My account, the member centre's default page (spec section 2): the account, the previous
 * login, the password change and the active sessions.
 */
export const SecurityCenter = ({
  token,
  member,
  passwordRule,
  timeZone,
  sectionId,
}: SecurityCenterProps) => {
  const { t } = useTranslation();
  const [changed, setChanged] = useState(false);
  return (
    <div className={styles.page} data-testid="security-center">
      <section className={styles.card} aria-labelledby="account-title">
        <h2 id="account-title" className={styles.cardTitle}>
          <Icon name="user" />
          {t('security.account')}
        </h2>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t('security.accountName')}</dt>
            <dd>{member.account}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('account.userId')}</dt>
            <dd className={styles.mono}>{member.id}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('security.lastLogin')}</dt>
            <dd>
              {member.lastLoginAt
                ? formatDateTime(new Date(member.lastLoginAt), timeZone)
                : t('security.firstLogin')}
            </dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('security.lastLoginIp')}</dt>
            <dd className={styles.mono}>{member.lastLoginIp ?? '—'}</dd>
          </div>
        </dl>
      </section>
      <section
        id={sectionId}
        className={styles.card}
        aria-labelledby="security-password-title"
        tabIndex={-1}
      >
        <h2 id="security-password-title" className={styles.cardTitle}>
          <Icon name="lock" />
          {t('auth.changePassword')}
        </h2>
        <p className={styles.lead}>{t('security.passwordLead')}</p>
        <div className={styles.formWrap}>
          {changed && (
            <FormAlert tone="success" testId="change-password-success">
              {t('security.passwordChanged')}
            </FormAlert>
          )}
          <ChangePasswordForm passwordRule={passwordRule} onChanged={() => setChanged(true)} />
        </div>
      </section>
      <AuthenticatorCard token={token} />
      <SessionsList token={token} timeZone={timeZone} />
    </div>
  );
};
