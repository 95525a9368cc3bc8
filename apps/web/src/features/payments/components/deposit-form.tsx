import {
  CreateDepositRequestSchema,
  type DepositChannel,
  type DepositRecord,
} from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/ui/form/form-alert';
import { TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { createDepositRequest, DEPOSIT_QUERY_ROOT } from '../api/deposits';
import {
  depositAmountSchema,
  formatMoney,
  newDepositKey,
  type DepositCurrency,
} from '../utils/deposit-amount';
import styles from './deposit-page.module.css';
import tabStyles from './payment-tab.module.css';

const NAME_MAX = 64;

/** What a field the channel does not ask for sends: nothing. */
const unasked = z.string().transform(() => undefined);

/**
 * The request's own fields: the amount inside the channel's limits and, for a bank transfer,
 * the payer's name (required) and the reference (left out when blank).
 */
const depositSchema = (channel: DepositChannel, currency: DepositCurrency) => {
  const { payerName, reference } = CreateDepositRequestSchema.shape;
  const isBank = channel.kind === 'bank_transfer';
  return z.object({
    amount: depositAmountSchema(channel, currency),
    payerName: isBank ? payerName.unwrap() : unasked,
    reference: isBank
      ? z
          .string()
          .transform((text) => text.trim() || undefined)
          .pipe(reference)
      : unasked,
  });
};

type DepositFormProps = {
  channel: DepositChannel;
  currency: DepositCurrency;
  /** Where a gateway payment goes on: its checkout page (the browser leaves the site). */
  onCheckout?: (checkoutUrl: string) => void;
};

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
  const schema = useMemo(() => depositSchema(channel, currency), [channel, currency]);
  const form = useContractForm(schema, {
    amount: '',
    payerName: '',
    reference: '',
  });
  const submitting = form.formState.isSubmitting;
  const [submitted, setSubmitted] = useState<DepositRecord | null>(null);
  // One key per deposit meant: the same request retried keeps it, a changed one gets a new key.
  const { keyFor, done: forgetKey } = useIdempotencyKey(newDepositKey);

  const onSubmit = form.submit(async ({ amount, payerName, reference }) => {
    setSubmitted(null);
    const body = {
      channelId: channel.id,
      amountMinor: amount,
      ...(payerName === undefined ? {} : { payerName }),
      ...(reference === undefined ? {} : { reference }),
    };
    const idempotencyKey = keyFor(JSON.stringify(body));
    const created = await createDepositRequest({ ...body, idempotencyKey });
    void queryClient.invalidateQueries({ queryKey: DEPOSIT_QUERY_ROOT });
    if (created.checkoutUrl) {
      onCheckout(created.checkoutUrl);
      return;
    }
    forgetKey();
    form.resetField('amount');
    form.resetField('reference');
    setSubmitted(created.deposit);
  });

  return (
    <form className={tabStyles.stack} noValidate onSubmit={onSubmit} data-testid="deposit-form">
      <TextField
        label={t('deposit.amount.label')}
        required
        inputMode="decimal"
        autoComplete="off"
        placeholder={formatMoney(channel.minMinor, currency)}
        {...form.register('amount')}
        error={form.fieldError('amount')}
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
            {...form.register('payerName')}
            error={form.fieldError('payerName')}
            hint={t('deposit.payerNameHint')}
            data-testid="deposit-payer-name"
          />
          <TextField
            label={t('deposit.reference')}
            autoComplete="off"
            maxLength={NAME_MAX}
            {...form.register('reference')}
            error={form.fieldError('reference')}
            hint={t('deposit.referenceHint')}
            data-testid="deposit-reference"
          />
        </>
      )}
      {form.alert && <FormAlert testId="deposit-error">{form.alert}</FormAlert>}
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
