import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './member-transfer.module.css';
import { MemberTransferForm } from './member-transfer-form';

type TransferToDownlineProps = {
  token: string;
  /** The downline's account to start with (the agent centre's downline list names one). */
  downline?: string | undefined;
  /** Inside a dialog that already carries the heading: the card's own heading is left out. */
  bare?: boolean;
};

/**
 * An agent's transfer to a downline (spec section 6): from the agent's main wallet to any
 * member of its own team, named by account; the server refuses anyone outside the team.
 */
export const TransferToDownline = ({ token, downline, bare = false }: TransferToDownlineProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      className={bare ? undefined : styles.card}
      aria-labelledby={bare ? undefined : titleId}
      data-testid="transfer-to-downline"
    >
      {!bare && (
        <h2 id={titleId} className={styles.title}>
          {t('wallet.memberTransfer.downlineTitle')}
        </h2>
      )}
      <p className={styles.lead}>{t('wallet.memberTransfer.downlineLead')}</p>
      <MemberTransferForm
        token={token}
        target={{ kind: 'downline', account: downline }}
        testId="downline-transfer"
      />
    </section>
  );
};
