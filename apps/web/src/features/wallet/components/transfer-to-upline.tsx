import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageKey } from '@/lib/api/api-error';
import { uplineTransferInfoQuery } from '../api/member-transfer';
import styles from './member-transfer.module.css';
import { MemberTransferForm } from './member-transfer-form';

/**
 * Transfer to upline (spec section 2, member centre): from the main wallet to the member's
 * direct upline, named on the page; a member without an upline is told so.
 */
export const TransferToUpline = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const info = useQuery(uplineTransferInfoQuery(token));
  if (info.isPending) return <Spinner label={t('common.loading')} centred />;
  if (!info.data) {
    return (
      <div className={styles.loadError} role="alert" data-testid="upline-transfer-load-error">
        <p>{t(errorMessageKey(info.error))}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void info.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { upline } = info.data;
  if (!upline) return <EmptyState message={t('wallet.memberTransfer.noUpline')} icon="users" />;
  return (
    <section className={styles.card}>
      <p className={styles.lead}>{t('wallet.memberTransfer.uplineLead')}</p>
      <MemberTransferForm
        token={token}
        target={{ kind: 'upline', account: upline.account }}
        testId="upline-transfer"
      />
    </section>
  );
};
