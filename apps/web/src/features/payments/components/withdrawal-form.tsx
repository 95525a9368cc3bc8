import { parseAmountToMinor, type PayeeAccount, type WithdrawalOptions } from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { focusFirstInvalid } from '@/components/ui/form/focus-first-invalid';
import formStyles from '@/components/ui/form/form.module.css';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField, TextField } from '@/components/ui/form/text-field';
import { errorMessageKey } from '@/lib/api/api-error';
import { formatMinorUnits } from '@/lib/money';
import { requestWithdrawalRequest, WITHDRAWAL_QUERY_ROOT } from '../api/withdrawals';
import { newWithdrawalKey } from '../utils/withdrawal-key';
import { payeeLabel } from './bank-card-list';
import tabStyles from './payment-tab.module.css';
import styles from './withdrawal-page.module.css';

type Message = { key: string; values?: Record<string, string> };

/**
 * The amount as typed, checked like the server will: a number of the currency's decimals
 * (no floating point: parsed as text into minor units), more than 0, inside the merchant's
 * limits and today's, and no more than the main wallet holds.
 */
export const validateWithdrawalAmount = (
  text: string,
  options: WithdrawalOptions,
): { ok: true; amountMinor: bigint } | { ok: false; message: Message } => {
  const parsed = parseAmountToMinor(text, options.currencyDecimals);
  const money = (minor: string | bigint) =>
    `${options.currencySymbol}${formatMinorUnits(minor.toString(), options.currencyDecimals)}`;
  if (!parsed.ok)
    return {
      ok: false,
      message: {
        key: parsed.error === 'empty' ? 'validation.required' : `withdrawal.amount.${parsed.error}`,
      },
    };
  const amount = parsed.amountMinor;
  if (amount === 0n) return { ok: false, message: { key: 'withdrawal.amount.zero' } };
  if (amount < BigInt(options.minMinor))
    return {
      ok: false,
      message: { key: 'withdrawal.amount.belowMin', values: { min: money(options.minMinor) } },
    };
  if (amount > BigInt(options.maxMinor))
    return {
      ok: false,
      message: { key: 'withdrawal.amount.aboveMax', values: { max: money(options.maxMinor) } },
    };
  if (amount > BigInt(options.availableMinor))
    return { ok: false, message: { key: 'errors.INSUFFICIENT_BALANCE' } };
  if (options.usedTodayCount >= options.dailyCount)
    return { ok: false, message: { key: 'errors.WITHDRAWAL_DAILY_COUNT_REACHED' } };
  const leftToday = BigInt(options.dailyAmountMinor) - BigInt(options.usedTodayAmountMinor);
  if (amount > leftToday)
    return {
      ok: false,
      message: {
        key: 'withdrawal.amount.aboveToday',
        values: { left: money(leftToday > 0n ? leftToday : 0n) },
      },
    };
  return { ok: true, amountMinor: amount };
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
  const [amount, setAmount] = useState('');
  const [payee, setPayee] = useState(accounts[0]?.id ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: Message; password?: Message }>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // One key per withdrawal meant: the same amount and payee retried keep it.
  const key = useRef({ key: newWithdrawalKey(), for: '' });

  const money = (minor: string) =>
    `${options.currencySymbol}${formatMinorUnits(minor, options.currencyDecimals)}`;
  const selected = accounts.some((account) => account.id === payee)
    ? payee
    : (accounts[0]?.id ?? '');
  const turnoverLeft = BigInt(options.turnover.remainingMinor) > 0n;

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const checked = validateWithdrawalAmount(amount, options);
    const found = {
      ...(checked.ok ? {} : { amount: checked.message }),
      ...(password ? {} : { password: { key: 'validation.required' } }),
    };
    setErrors(found);
    setDone(false);
    if (!checked.ok || !password) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    const meant = `${checked.amountMinor}|${selected}`;
    if (key.current.for !== meant) key.current = { key: newWithdrawalKey(), for: meant };
    setSubmitting(true);
    setFailure(null);
    try {
      await requestWithdrawalRequest({
        idempotencyKey: key.current.key,
        amountMinor: checked.amountMinor.toString(),
        payeeAccountId: selected,
        paymentPassword: password,
      });
      key.current = { key: newWithdrawalKey(), for: '' };
      setAmount('');
      setPassword('');
      setDone(true);
      void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: ['member', 'wallet'] });
      onRequested();
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
      data-testid="withdrawal-form"
    >
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
          value={selected}
          onChange={(event) => setPayee(event.target.value)}
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
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setErrors((current) => ({ ...current, amount: undefined }));
        }}
        inputMode="decimal"
        autoComplete="off"
        maxLength={30}
        prefix={options.currencySymbol}
        error={text(errors.amount)}
        data-testid="withdrawal-amount"
      />
      <PasswordField
        label={t('withdrawal.password.label')}
        required
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((current) => ({ ...current, password: undefined }));
        }}
        inputMode="numeric"
        autoComplete="off"
        maxLength={128}
        error={text(errors.password)}
        data-testid="withdrawal-password"
      />
      {failure !== null && (
        <FormAlert testId="withdrawal-error">{t(errorMessageKey(failure))}</FormAlert>
      )}
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
