import { UnbindPayeeAccountPayloadSchema, type PayeeAccount } from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { PasswordField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { Modal } from '@/components/ui/modal/modal';
import { payeeAccountsQuery, unbindPayeeAccountRequest } from '../api/bank-cards';
import tabStyles from './payment-tab.module.css';
import styles from './withdrawal-page.module.css';

/** The account as a member recognises it: the bank or wallet, the name and the masked number. */
export const payeeLabel = (
  account: Pick<PayeeAccount, 'kind' | 'bankName' | 'walletType' | 'accountNumberMasked'>,
  t: (key: string) => string,
): string =>
  `${account.kind === 'bank' ? (account.bankName ?? '') : t(`withdrawal.walletType.${account.walletType ?? ''}`)} ${account.accountNumberMasked}`;

type BankCardListProps = { token: string; accounts: readonly PayeeAccount[] };

/** The bound accounts, each with an unbind button that asks for the payment password. */
export const BankCardList = ({ token, accounts }: BankCardListProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [unbinding, setUnbinding] = useState<PayeeAccount | null>(null);
  const form = useContractForm(UnbindPayeeAccountPayloadSchema, { paymentPassword: '' });
  const submitting = form.formState.isSubmitting;

  const close = () => {
    setUnbinding(null);
    form.reset();
  };
  const onSubmit = form.submit(async ({ paymentPassword }) => {
    if (!unbinding) return;
    await unbindPayeeAccountRequest(unbinding.id, paymentPassword);
    await queryClient.invalidateQueries({ queryKey: payeeAccountsQuery(token).queryKey });
    close();
  });

  if (accounts.length === 0)
    return (
      <p className={tabStyles.muted} data-testid="payee-accounts-empty">
        {t('withdrawal.payee.none')}
      </p>
    );
  return (
    <>
      <ul className={styles.accounts} data-testid="payee-accounts">
        {accounts.map((account) => (
          <li key={account.id} className={styles.account} data-testid="payee-account">
            <span className={styles.accountKind}>{t(`withdrawal.payee.kind.${account.kind}`)}</span>
            <span className={styles.accountMain}>
              <strong>{payeeLabel(account, t)}</strong>
              <span className={tabStyles.muted}>{account.accountName}</span>
            </span>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setUnbinding(account)}
              data-testid="payee-account-unbind"
            >
              {t('withdrawal.payee.unbind')}
            </button>
          </li>
        ))}
      </ul>
      <Modal
        name="unbind-payee-account"
        open={unbinding !== null}
        title={t('withdrawal.payee.unbindTitle')}
        closable
        closeLabel={t('common.close')}
        onClose={close}
        size="sm"
      >
        <form className={tabStyles.stack} noValidate onSubmit={onSubmit}>
          <p>{unbinding ? payeeLabel(unbinding, t) : ''}</p>
          <PasswordField
            label={t('withdrawal.password.label')}
            required
            {...form.register('paymentPassword')}
            error={form.fieldError('paymentPassword')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={128}
            data-testid="unbind-password"
          />
          {form.alert && <FormAlert testId="unbind-error">{form.alert}</FormAlert>}
          <button
            type="submit"
            className="btn btn--primary"
            disabled={!form.watch('paymentPassword') || submitting}
            aria-busy={submitting}
            data-testid="unbind-submit"
          >
            {t('withdrawal.payee.unbind')}
          </button>
        </form>
      </Modal>
    </>
  );
};
