import {
  RequestWithdrawalPayloadSchema,
  type PayeeAccount,
  type WithdrawalOptions,
} from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/ui/form/form-alert';
import formStyles from '@/components/ui/form/form.module.css';
import { refusal, type Message } from '@/components/ui/form/issue-text';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField, TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { requestWithdrawalRequest, WITHDRAWAL_QUERY_ROOT } from '../api/withdrawals';
import { formatMoney } from '../utils/deposit-amount';
import { paymentAmountSchema } from '../utils/payment-amount';
import { newWithdrawalKey } from '../utils/withdrawal-key';
import { payeeLabel } from './bank-card-list';
import tabStyles from './payment-tab.module.css';
import styles from './withdrawal-page.module.css';

/** The first of the merchant's limits and today's that `amount` breaks, as the server checks them. */
const limitBroken = (amount: bigint, options: WithdrawalOptions): Message | null => {
  const money = (minor: string | bigint) => formatMoney(minor, options);
  if (amount < BigInt(options.minMinor))
    return { key: 'withdrawal.amount.belowMin', values: { min: money(options.minMinor) } };
  if (amount > BigInt(options.maxMinor))
    return { key: 'withdrawal.amount.aboveMax', values: { max: money(options.maxMinor) } };
  if (amount > BigInt(options.availableMinor)) return { key: 'errors.INSUFFICIENT_BALANCE' };
  if (options.usedTodayCount >= options.dailyCount)
    return { key: 'errors.WITHDRAWAL_DAILY_COUNT_REACHED' };
  const leftToday = BigInt(options.dailyAmountMinor) - BigInt(options.usedTodayAmountMinor);
  if (amount > leftToday)
    return {
      key: 'withdrawal.amount.aboveToday',
      values: { left: money(leftToday > 0n ? leftToday : 0n) },
    };
  return null;
};

/**
 * The amount as typed, checked like the server will: a number of the currency's decimals
 * (no floating point: parsed as text into minor units), more than 0, inside the merchant's
 * limits and today's, and no more than the main wallet holds.
 */
export const withdrawalAmountSchema = (options: WithdrawalOptions) =>
  paymentAmountSchema(options.currencyDecimals, 'withdrawal').superRefine(
    (amountMinor, context) => {
      const broken = limitBroken(BigInt(amountMinor), options);
      if (broken) context.addIssue({ code: 'custom', input: amountMinor, ...refusal(broken) });
    },
  );

/** The request's own fields, with the amount as typed. */
const withdrawalSchema = (options: WithdrawalOptions) => {
  const { payeeAccountId, paymentPassword } = RequestWithdrawalPayloadSchema.shape;
  return z.object({ payeeAccountId, amount: withdrawalAmountSchema(options), paymentPassword });
};

type WithdrawalFormProps = {
  options: WithdrawalOptions;
  accounts: readonly PayeeAccount[];
  onRequested: () => void;
};

/** The request: amount, payee account and payment password, with the money and limits shown. */
export const WithdrawalForm = ({ options, accounts, onRequested }: WithdrawalFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const payeeId = useId();
  const schema = useMemo(() => withdrawalSchema(options), [options]);
  const form = useContractForm(schema, {
    payeeAccountId: accounts[0]?.id ?? '',
    amount: '',
    paymentPassword: '',
  });
  const { isSubmitting: submitting, isSubmitSuccessful: done } = form.formState;
  // One key per withdrawal meant: the same amount and payee retried keep it.
  const { keyFor, done: forgetKey } = useIdempotencyKey(newWithdrawalKey);

  const money = (minor: string) => formatMoney(minor, options);
  const turnoverLeft = BigInt(options.turnover.remainingMinor) > 0n;

  const onSubmit = form.submit(async ({ payeeAccountId: chosen, amount, paymentPassword }) => {
    // An account unbound meanwhile leaves the list: the first one left is what the select shows.
    const payeeAccountId = accounts.some((account) => account.id === chosen)
      ? chosen
      : (accounts[0]?.id ?? '');
    await requestWithdrawalRequest({
      idempotencyKey: keyFor(`${amount}|${payeeAccountId}`),
      amountMinor: amount,
      payeeAccountId,
      paymentPassword,
    });
    forgetKey();
    form.resetField('amount');
    form.resetField('paymentPassword');
    void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: ['member', 'wallet'] });
    onRequested();
  });

  return (
    <form className={tabStyles.stack} noValidate onSubmit={onSubmit} data-testid="withdrawal-form">
      <dl className={styles.facts}>
        <div>
          <dt>{t('withdrawal.available')}</dt>
          <dd data-testid="withdrawal-available">{money(options.availableMinor)}</dd>
        </div>
        <div>
          <dt>{t('withdrawal.held')}</dt>
          <dd>{money(options.heldMinor)}</dd>
        </div>
        <div>
          <dt>{t('withdrawal.limits')}</dt>
          <dd>
            {money(options.minMinor)} – {money(options.maxMinor)}
          </dd>
        </div>
        <div>
          <dt>{t('withdrawal.today')}</dt>
          <dd>
            {t('withdrawal.todayUsed', {
              count: options.usedTodayCount,
              max: String(options.dailyCount),
              amount: money(options.usedTodayAmountMinor),
              limit: money(options.dailyAmountMinor),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('withdrawal.turnoverLeft')}</dt>
          <dd data-testid="withdrawal-turnover">{money(options.turnover.remainingMinor)}</dd>
        </div>
      </dl>
      {turnoverLeft && (
        <FormAlert tone="info" testId="withdrawal-turnover-alert">
          {t('withdrawal.turnoverNotMet', {
            required: money(options.turnover.requiredMinor),
            achieved: money(options.turnover.achievedMinor),
          })}
        </FormAlert>
      )}
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={payeeId}>
          {t('withdrawal.payeeAccount')}
        </label>
        <select
          id={payeeId}
          className={styles.select}
          {...form.register('payeeAccountId')}
          data-testid="withdrawal-payee"
        >
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {payeeLabel(account, t)} · {account.accountName}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('withdrawal.amount.label')}
        required
        inputMode="decimal"
        autoComplete="off"
        maxLength={30}
        prefix={options.currencySymbol}
        {...form.register('amount')}
        error={form.fieldError('amount')}
        data-testid="withdrawal-amount"
      />
      <PasswordField
        label={t('withdrawal.password.label')}
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={128}
        {...form.register('paymentPassword')}
        error={form.fieldError('paymentPassword')}
        data-testid="withdrawal-password"
      />
      {form.alert && <FormAlert testId="withdrawal-error">{form.alert}</FormAlert>}
      {done && (
        <FormAlert tone="success" testId="withdrawal-done">
          {t('withdrawal.requested')}
        </FormAlert>
      )}
      <SubmitButton busy={submitting} testId="withdrawal-submit">
        {submitting ? t('withdrawal.sending') : t('withdrawal.submit')}
      </SubmitButton>
    </form>
  );
};
