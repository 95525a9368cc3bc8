import type { MemberTransferResult } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusFirstInvalid } from '@/components/ui/form/focus-first-invalid';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField, TextField } from '@/components/ui/form/text-field';
import { memberTabPath } from '@/config/paths';
import { isApiError } from '@/lib/api/api-error';
import { formatMinorUnits } from '@/lib/money';
import { walletBalanceQuery } from '../api/get-wallet-balance';
import { transferToDownlineRequest, transferToUplineRequest } from '../api/member-transfer';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { useRefreshBalance } from '../hooks/use-refresh-balance';
import { readAmount } from '../utils/amount-input';
import { moneyErrorText } from '../utils/error-text';
import styles from './member-transfer.module.css';

type Fields = { downline: string; amount: string; paymentPassword: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

type MemberTransferFormProps = {
  token: string;
  /** To the upline (named, fixed) or to a downline the agent names. */
  target: { kind: 'upline'; account: string } | { kind: 'downline' };
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
  const [fields, setFields] = useState<Fields>({ downline: '', amount: '', paymentPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<MemberTransferResult | null>(null);
  const [pending, setPending] = useState(false);
  const decimals = balance.data?.currencyDecimals ?? 2;
  const symbol = balance.data?.currencySymbol ?? '';
  const show = (minor: string) => `${symbol} ${formatMinorUnits(minor, decimals)}`;

  const set = (name: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };

  const send = (amountMinor: string, idempotencyKey: string) =>
    target.kind === 'upline'
      ? transferToUplineRequest({
          amountMinor,
          paymentPassword: fields.paymentPassword,
          idempotencyKey,
        })
      : transferToDownlineRequest({
          downline: fields.downline.trim(),
          amountMinor,
          paymentPassword: fields.paymentPassword,
          idempotencyKey,
        });

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const amount = readAmount(fields.amount, decimals, balance.data?.balanceMinor);
    const errors: FieldErrors = {};
    if (target.kind === 'downline' && !fields.downline.trim())
      errors.downline = t('validation.required');
    if (!amount.ok) errors.amount = t(`wallet.amountError.${amount.error}`);
    if (!fields.paymentPassword) errors.paymentPassword = t('validation.required');
    setFieldErrors(errors);
    if (!amount.ok || Object.keys(errors).length > 0) {
      focusFirstInvalid(form);
      return;
    }
    setPending(true);
    setError(null);
    setSent(null);
    const intent = `${target.kind}:${fields.downline.trim().toLowerCase()}:${amount.amountMinor}`;
    try {
      setSent(await send(amount.amountMinor, keyFor(intent)));
      forgetKey();
      setFields({ downline: '', amount: '', paymentPassword: '' });
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
      void refresh();
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid={testId}
    >
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
          value={fields.downline}
          error={fieldErrors.downline}
          onChange={(event) => set('downline')(event.target.value)}
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
        value={fields.amount}
        error={fieldErrors.amount}
        hint={
          balance.data
            ? t('wallet.myWallet.available', { amount: show(balance.data.balanceMinor) })
            : undefined
        }
        onChange={(event) => set('amount')(event.target.value)}
        data-testid={`${testId}-amount`}
      />
      <PasswordField
        label={t('wallet.memberTransfer.paymentPassword')}
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={128}
        value={fields.paymentPassword}
        error={fieldErrors.paymentPassword}
        onChange={(event) => set('paymentPassword')(event.target.value)}
        data-testid={`${testId}-payment-password`}
      />
      <div aria-live="polite">
        {error !== null && (
          <FormAlert testId={`${testId}-error`}>
            {moneyErrorText(t, error)}
            {isApiError(error) && error.code === 'PAYMENT_PASSWORD_NOT_SET' && (
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
      <SubmitButton busy={pending} testId={`${testId}-submit`}>
        {pending ? t('wallet.memberTransfer.sending') : t('wallet.memberTransfer.send')}
      </SubmitButton>
    </form>
  );
};
