import type { DepositChannel, DepositRecord } from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { focusFirstInvalid } from '@/components/ui/form/focus-first-invalid';
import { TextField } from '@/components/ui/form/text-field';
import { errorMessageKey } from '@/lib/api/api-error';
import { createDepositRequest, DEPOSIT_QUERY_ROOT } from '../api/deposits';
import {
  formatMoney,
  newDepositKey,
  validateDepositAmount,
  type DepositCurrency,
  type Message,
} from '../utils/deposit-amount';
import styles from './deposit-page.module.css';
import tabStyles from './payment-tab.module.css';

const NAME_MAX = 64;

type DepositFormProps = {
  channel: DepositChannel;
  currency: DepositCurrency;
  /** Where a gateway payment goes on: its checkout page (the browser leaves the site). */
  onCheckout?: (checkoutUrl: string) => void;
};

type Errors = { amount?: Message; payerName?: Message; reference?: Message };

const leaveFor = (url: string) => window.location.assign(url);

/**
 * The deposit request: the amount, and for a bank transfer the payer's name and the transfer's
 * reference. A bank transfer ends in a confirmation (an operator approves it once the money is
 * seen); a gateway channel sends the member to its checkout. A retried submit keeps its key.
 */
export const DepositForm = ({ channel, currency, onCheckout = leaveFor }: DepositFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isBank = channel.kind === 'bank_transfer';
  const [amount, setAmount] = useState('');
  const [payerName, setPayerName] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [submitted, setSubmitted] = useState<DepositRecord | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // One key per deposit meant: the same request retried keeps it, a changed one gets a new key.
  const key = useRef({ key: newDepositKey(), for: '' });

  const check = (): { errors: Errors; amountMinor: bigint | null } => {
    const checked = validateDepositAmount(amount, channel, currency);
    const name = payerName.trim();
    const found: Errors = {
      ...(checked.ok ? {} : { amount: checked.message }),
      ...(isBank && !name ? { payerName: { key: 'validation.required' } } : {}),
      ...(isBank && name.length > NAME_MAX
        ? { payerName: { key: 'deposit.tooLong', values: { max: String(NAME_MAX) } } }
        : {}),
      ...(isBank && reference.trim().length > NAME_MAX
        ? { reference: { key: 'deposit.tooLong', values: { max: String(NAME_MAX) } } }
        : {}),
    };
    return { errors: found, amountMinor: checked.ok ? checked.amountMinor : null };
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const { errors: found, amountMinor } = check();
    setErrors(found);
    setSubmitted(null);
    if (amountMinor === null || Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    const body = {
      channelId: channel.id,
      amountMinor: amountMinor.toString(),
      ...(isBank ? { payerName: payerName.trim() } : {}),
      ...(isBank && reference.trim() ? { reference: reference.trim() } : {}),
    };
    const meant = JSON.stringify(body);
    if (key.current.for !== meant) key.current = { key: newDepositKey(), for: meant };
    setSubmitting(true);
    setFailure(null);
    try {
      const created = await createDepositRequest({ ...body, idempotencyKey: key.current.key });
      void queryClient.invalidateQueries({ queryKey: DEPOSIT_QUERY_ROOT });
      if (created.checkoutUrl) {
        onCheckout(created.checkoutUrl);
        return;
      }
      key.current = { key: newDepositKey(), for: '' };
      setAmount('');
      setReference('');
      setSubmitted(created.deposit);
    } catch (caught) {
      setFailure(caught);
    } finally {
      setSubmitting(false);
    }
  };

  const text = (message: Message | undefined) => message && t(message.key, message.values);
  return (
    <form
      className={tabStyles.stack}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid="deposit-form"
    >
      <TextField
        label={t('deposit.amount.label')}
        required
        inputMode="decimal"
        autoComplete="off"
        placeholder={formatMoney(channel.minMinor, currency)}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={text(errors.amount)}
        hint={t('deposit.limits', {
          min: formatMoney(channel.minMinor, currency),
          max: formatMoney(channel.maxMinor, currency),
        })}
        data-testid="deposit-amount"
      />
      {isBank && (
        <>
          <TextField
            label={t('deposit.payerName')}
            required
            autoComplete="name"
            maxLength={NAME_MAX}
            value={payerName}
            onChange={(event) => setPayerName(event.target.value)}
            error={text(errors.payerName)}
            hint={t('deposit.payerNameHint')}
            data-testid="deposit-payer-name"
          />
          <TextField
            label={t('deposit.reference')}
            autoComplete="off"
            maxLength={NAME_MAX}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            error={text(errors.reference)}
            hint={t('deposit.referenceHint')}
            data-testid="deposit-reference"
          />
        </>
      )}
      {failure !== null && (
        <FormAlert testId="deposit-error">{t(errorMessageKey(failure))}</FormAlert>
      )}
      {submitted && (
        <FormAlert tone="success" testId="deposit-submitted">
          {t('deposit.submitted', { amount: formatMoney(submitted.amountMinor, currency) })}
        </FormAlert>
      )}
      <div className={styles.actions}>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={submitting}
          aria-busy={submitting}
          data-testid="deposit-submit"
        >
          {submitting ? t('deposit.sending') : isBank ? t('deposit.submit') : t('deposit.pay')}
        </button>
      </div>
    </form>
  );
};
