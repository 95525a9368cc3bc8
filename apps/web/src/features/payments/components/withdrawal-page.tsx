import type { PayeeAccountKind } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, tabPanelId, useTabsBase } from '@/components/ui/form/tabs';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageKey } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/time';
import { payeeAccountsQuery } from '../api/bank-cards';
import { paymentPasswordQuery } from '../api/payment-password';
import { withdrawalOptionsQuery } from '../api/withdrawals';
import { BankCardForm } from './bank-card-form';
import { BankCardList } from './bank-card-list';
import { PaymentPasswordForm } from './payment-password-form';
import { WithdrawalForm } from './withdrawal-form';
import { WithdrawalRecords } from './withdrawal-records';
import tabStyles from './payment-tab.module.css';
import styles from './withdrawal-page.module.css';

type WithdrawalPageProps = { token: string; timeZone: string };

/**
 * The member centre's withdrawal tab (issue 4 item 6): the payment password, the bank cards
 * and e-wallets, the request with the available balance, limits and remaining turnover, and
 * the records with the confirmation of spec section 4. Each step says what it waits for.
 */
export const WithdrawalPage = ({ token, timeZone }: WithdrawalPageProps) => {
  const { t } = useTranslation();
  const password = useQuery(paymentPasswordQuery(token));
  const payees = useQuery(payeeAccountsQuery(token));
  const options = useQuery(withdrawalOptionsQuery(token));
  const [changing, setChanging] = useState(false);
  const [kind, setKind] = useState<PayeeAccountKind>('bank');
  const tabsBase = useTabsBase();

  const failed = [password, payees, options].find((query) => query.isError);
  if (failed?.isError)
    return (
      <LoadError
        message={t(errorMessageKey(failed.error))}
        onRetry={() => void failed.refetch()}
        testId="withdrawal-page-error"
      />
    );
  if (!password.data || !payees.data || !options.data)
    return <Spinner label={t('common.loading')} centred />;

  const status = password.data;
  const list = payees.data;
  const count = (of: PayeeAccountKind) => list.accounts.filter((a) => a.kind === of).length;
  const room =
    kind === 'bank' ? count('bank') < list.maxBankCards : count('ewallet') < list.maxEWallets;
  return (
    <div className={tabStyles.page} data-testid="withdrawal-page">
      <section className={styles.card} aria-labelledby="withdrawal-password-title">
        <h2 id="withdrawal-password-title" className={tabStyles.cardTitle}>
          {t('withdrawal.password.title')}
        </h2>
        {status.lockedUntil && (
          <p className={tabStyles.muted} role="status">
            {t('withdrawal.password.lockedUntil', {
              time: formatDateTime(new Date(status.lockedUntil), timeZone),
            })}
          </p>
        )}
        {!status.isSet ? (
          <>
            <p className={tabStyles.muted}>{t('withdrawal.password.needed')}</p>
            <PaymentPasswordForm token={token} mode="set" onDone={() => void options.refetch()} />
          </>
        ) : changing ? (
          <PaymentPasswordForm token={token} mode="change" onDone={() => setChanging(false)} />
        ) : (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => setChanging(true)}
            data-testid="payment-password-change-open"
          >
            {t('withdrawal.password.change')}
          </button>
        )}
      </section>

      <section className={styles.card} aria-labelledby="withdrawal-payees-title">
        <h2 id="withdrawal-payees-title" className={tabStyles.cardTitle}>
          {t('withdrawal.payee.title')}
        </h2>
        <BankCardList token={token} accounts={list.accounts} />
        {status.isSet && (
          <>
            <Tabs
              base={tabsBase}
              tabs={[
                { id: 'bank', label: t('withdrawal.payee.kind.bank'), testId: 'bind-tab-bank' },
                {
                  id: 'ewallet',
                  label: t('withdrawal.payee.kind.ewallet'),
                  testId: 'bind-tab-ewallet',
                },
              ]}
              value={kind}
              onChange={setKind}
              label={t('withdrawal.payee.add')}
            />
            <div id={tabPanelId(tabsBase, kind)} role="tabpanel">
              {room ? (
                <BankCardForm
                  key={kind}
                  token={token}
                  kind={kind}
                  payeeName={list.payeeName}
                  onBound={() => {}}
                />
              ) : (
                <p className={tabStyles.muted} data-testid="bind-limit">
                  {t('errors.PAYEE_ACCOUNT_LIMIT_REACHED')}
                </p>
              )}
            </div>
          </>
        )}
      </section>

      <section className={styles.card} aria-labelledby="withdrawal-request-title">
        <h2 id="withdrawal-request-title" className={tabStyles.cardTitle}>
          {t('withdrawal.title')}
        </h2>
        {!status.isSet ? (
          <p className={tabStyles.muted}>{t('withdrawal.password.needed')}</p>
        ) : list.accounts.length === 0 ? (
          <p className={tabStyles.muted} data-testid="withdrawal-needs-payee">
            {t('withdrawal.payee.needed')}
          </p>
        ) : (
          <WithdrawalForm options={options.data} accounts={list.accounts} onRequested={() => {}} />
        )}
      </section>

      <section className={styles.card} aria-labelledby="withdrawal-records-title">
        <h2 id="withdrawal-records-title" className={tabStyles.cardTitle}>
          {t('withdrawal.records.title')}
        </h2>
        <WithdrawalRecords token={token} timeZone={timeZone} />
      </section>
    </div>
  );
};
