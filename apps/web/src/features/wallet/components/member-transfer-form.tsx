import {
  DownlineTransferPayloadSchema,
  UplineTransferPayloadSchema,
  type MemberTransferResult,
} from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField, TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { memberTabPath } from '@/config/paths';
import { formatMinorUnits } from '@/lib/money';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { walletBalanceQuery } from '../api/get-wallet-balance';
import { transferToDownlineRequest, transferToUplineRequest } from '../api/member-transfer';
import { useRefreshBalance } from '../hooks/use-refresh-balance';
import { transferAmountSchema } from '../utils/amount-input';
import styles from './member-transfer.module.css';

type Target =
  | { kind: 'upline'; account: string }
  /** To a downline the agent names; `account` fills the name in to start with. */
  | { kind: 'downline'; account?: string | undefined };

/** The transfer payload's own fields; the amount as typed, read against the balance shown. */
const transferSchema = (kind: Target['kind'], currencyDecimals: number, balanceMinor?: string) =>
  z.object({
    downline: kind === 'downline' ? DownlineTransferPayloadSchema.shape.downline : z.string(),
    amount: transferAmountSchema(currencyDecimals, balanceMinor),
    paymentPassword: UplineTransferPayloadSchema.shape.paymentPassword,
  });

type MemberTransferFormProps = {
  token: string;
  /** To the upline (named, fixed) or to a downline the agent names. */
  target: Target;
  testId: string;
};

/**
 * A transfer from the member's main wallet to another member (spec sections 2 and 6: transfer
 * to upline, an agent's transfer to a downline): the amount read by the server's rule, the
 * payment password, one idempotency key per intended transfer, and the header balance
 * refreshed after the answer.
 */
export const MemberTransferForm = ({ token, target, testId }: MemberTransferFormProps) => {
  const { t } = useTranslation();
  const balance = useQuery(walletBalanceQuery(token));
  const refresh = useRefreshBalance(token);
  const { keyFor, done: forgetKey } = useIdempotencyKey();
  const [sent, setSent] = useState<MemberTransferResult | null>(null);
  const decimals = balance.data?.currencyDecimals ?? 2;
  const symbol = balance.data?.currencySymbol ?? '';
  const show = (minor: string) => `${symbol} ${formatMinorUnits(minor, decimals)}`;
  const balanceMinor = balance.data?.balanceMinor;
  const schema = useMemo(
    () => transferSchema(target.kind, decimals, balanceMinor),
    [target.kind, decimals, balanceMinor],
  );
  const form = useContractForm(schema, {
    downline: target.kind === 'downline' ? (target.account ?? '') : '',
    amount: '',
    paymentPassword: '',
  });
  const submitting = form.formState.isSubmitting;
  const refusedCode = form.formState.errors.root?.server?.type;

  const onSubmit = form.submit(async ({ downline, amount, paymentPassword }) => {
    setSent(null);
    const idempotencyKey = keyFor(`${target.kind}:${downline.toLowerCase()}:${amount}`);
    try {
      setSent(
        target.kind === 'upline'
          ? await transferToUplineRequest({ amountMinor: amount, paymentPassword, idempotencyKey })
          : await transferToDownlineRequest({
              downline,
              amountMinor: amount,
              paymentPassword,
              idempotencyKey,
            }),
      );
      forgetKey();
      form.reset();
    } finally {
      void refresh();
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} data-testid={testId}>
      {target.kind === 'upline' ? (
        <p className={styles.recipient}>
          {t('wallet.memberTransfer.to')} <strong>{target.account}</strong>
        </p>
      ) : (
        <TextField
          label={t('wallet.memberTransfer.downline')}
          required
          autoComplete="off"
          maxLength={64}
          {...form.register('downline')}
          error={form.fieldError('downline')}
          data-testid={`${testId}-downline`}
        />
      )}
      <TextField
        label={t('wallet.myWallet.amount')}
        required
        inputMode="decimal"
        autoComplete="off"
        maxLength={24}
        prefix={symbol || undefined}
        {...form.register('amount')}
        error={form.fieldError('amount')}
        hint={
          balance.data
            ? t('wallet.myWallet.available', { amount: show(balance.data.balanceMinor) })
            : undefined
        }
        data-testid={`${testId}-amount`}
      />
      <PasswordField
        label={t('wallet.memberTransfer.paymentPassword')}
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={128}
        {...form.register('paymentPassword')}
        error={form.fieldError('paymentPassword')}
        data-testid={`${testId}-payment-password`}
      />
      <div aria-live="polite">
        {form.alert && (
          <FormAlert testId={`${testId}-error`}>
            {form.alert}
            {refusedCode === 'PAYMENT_PASSWORD_NOT_SET' && (
              // The payment password is set on the withdrawal page (issue 4 item 6).
              <>
                {' '}
                <Link to={memberTabPath('withdrawal')} data-testid={`${testId}-set-password`}>
                  {t('wallet.memberTransfer.setPaymentPassword')}
                </Link>
              </>
            )}
          </FormAlert>
        )}
        {sent && (
          <FormAlert tone="success" testId={`${testId}-done`}>
            {t('wallet.memberTransfer.sent', {
              amount: show(sent.amountMinor),
              account: sent.recipient.account,
              balance: show(sent.balanceMinor),
            })}
          </FormAlert>
        )}
      </div>
      <SubmitButton busy={submitting} testId={`${testId}-submit`}>
        {submitting ? t('wallet.memberTransfer.sending') : t('wallet.memberTransfer.send')}
      </SubmitButton>
    </form>
  );
};
