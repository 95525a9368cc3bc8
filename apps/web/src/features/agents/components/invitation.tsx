import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageKey } from '@/lib/api/api-error';
import { copyText } from '@/lib/copy-text';
import { invitationQuery } from '../api/get-invitation';
import styles from './register-centre.module.css';

const TEST_ID = 'invitation';

/**
 * The agent's invitation (issue 22 item 1): its affiliate code, the registration link that
 * carries it with a copy button, and the link as a QR code. When the brand takes no affiliate
 * codes at registration the page says so, as the link would then place nobody in the team.
 */
export const Invitation = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const invitation = useQuery(invitationQuery(token));
  const [copied, setCopied] = useState(false);
  const value = invitation.data;

  const body = () => {
    if (invitation.isPending) return <Spinner label={t('common.loading')} />;
    if (!value) {
      return (
        <LoadError
          message={t(errorMessageKey(invitation.error))}
          onRetry={() => void invitation.refetch()}
          testId={`${TEST_ID}-error`}
        />
      );
    }
    return (
      <>
        {!value.enabled && (
          <p className={styles.note} role="note" data-testid={`${TEST_ID}-disabled`}>
            {t('agentCentre.invitation.disabled')}
          </p>
        )}
        <dl className={styles.facts}>
          <div>
            <dt>{t('agentCentre.invitation.code')}</dt>
            <dd className={styles.code} data-testid={`${TEST_ID}-code`}>
              {value.affiliateCode}
            </dd>
          </div>
          <div>
            <dt>{t('agentCentre.invitation.link')}</dt>
            <dd className={styles.link}>
              <a href={value.link} data-testid={`${TEST_ID}-link`}>
                {value.link}
              </a>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                data-testid={`${TEST_ID}-copy`}
                onClick={() => void copyText(value.link).then(setCopied)}
              >
                <Icon name="copy" size={14} />
                <span aria-live="polite">
                  {copied ? t('copy success') : t('agentCentre.invitation.copy')}
                </span>
              </button>
            </dd>
          </div>
        </dl>
        <img
          className={styles.qr}
          src={value.qrDataUrl}
          alt={t('agentCentre.invitation.qrAlt', { code: value.affiliateCode })}
          width={180}
          height={180}
          data-testid={`${TEST_ID}-qr`}
        />
      </>
    );
  };

  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid={TEST_ID}>
      <h2 id={titleId} className={styles.title}>
        {t('agentCentre.invitation.title')}
      </h2>
      <p className={styles.lead}>{t('agentCentre.invitation.lead')}</p>
      {body()}
    </section>
  );
};
