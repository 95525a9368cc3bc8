import { minorToAmountText, type Currency } from '@lanna/contract';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import formStyles from '@/components/ui/form/form.module.css';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { formatMinorUnits } from '@/lib/money';
import { transferAmountSchema } from '../utils/amount-input';
import styles from './my-wallet.module.css';

export type MoveDirection = 'toVendor' | 'fromVendor';

/** A vendor wallet as the page lists it. */
export type WalletRow = {
  vendorCode: string;
  displayName: string;
  balanceMinor: string;
  /** Offered by the merchant now: money may go in. Otherwise it can only come home. */
  offered: boolean;
};

type WalletTransferFormProps = {
  rows: readonly WalletRow[];
  mainBalanceMinor: string;
  currency: Currency;
  direction: MoveDirection;
  vendorCode: string;
  onDirection: (direction: MoveDirection) => void;
  onVendor: (vendorCode: string) => void;
  /** A move of the page (such as recycle all) is under way. */
  pending: boolean;
  /** Sends the move; resolves true when it was done (the page shows a refusal). */
  onSubmit: (amountMinor: string) => Promise<boolean>;
  /** The amount input's id, so the wallet list's buttons can move the focus to it. */
  amountId: string;
};

/**
 * The transfer form of My wallet (spec section 2, my wallet): main wallet to a vendor wallet
 * or back, with an amount checked here by the server's own rule before it is sent, and an
 * 'All' shortcut for the whole source balance.
 */
export const WalletTransferForm = ({
  rows,
  mainBalanceMinor,
  currency,
  direction,
  vendorCode,
  onDirection,
  onVendor,
  pending,
  onSubmit,
  amountId,
}: WalletTransferFormProps) => {
  const { t } = useTranslation();
  const vendorId = useId();
  const selected = rows.find((row) => row.vendorCode === vendorCode);
  const choices = rows.filter((row) => (direction === 'toVendor' ? row.offered : true));
  const availableMinor = direction === 'toVendor' ? mainBalanceMinor : selected?.balanceMinor;
  const show = (minor: string) =>
    `${currency.currencySymbol} ${formatMinorUnits(minor, currency.currencyDecimals)}`;
  const decimals = currency.currencyDecimals;
  const schema = useMemo(
    () => z.object({ amount: transferAmountSchema(decimals, availableMinor) }),
    [decimals, availableMinor],
  );
  const form = useContractForm(schema, { amount: '' });
  const busy = pending || form.formState.isSubmitting;

  return (
    <form
      className={styles.transferForm}
      noValidate
      aria-labelledby={`${vendorId}-title`}
      onSubmit={form.submit(async ({ amount }) => {
        if (selected && (await onSubmit(amount))) form.setValue('amount', '');
      })}
      data-testid="wallet-transfer-form"
    >
      <h2 id={`${vendorId}-title`} className={styles.sectionTitle}>
        {t('wallet.myWallet.transferTitle')}
      </h2>
      <fieldset className={formStyles.choices}>
        <legend className={formStyles.label}>{t('wallet.myWallet.direction')}</legend>
        {(['toVendor', 'fromVendor'] as const).map((option) => (
          <label key={option} className={formStyles.choice}>
            <input
              type="radio"
              name={`${vendorId}-direction`}
              value={option}
              checked={direction === option}
              onChange={() => onDirection(option)}
              data-testid={`wallet-direction-${option}`}
            />
            {t(`wallet.myWallet.${option}`)}
          </label>
        ))}
      </fieldset>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={vendorId}>
          {t('wallet.myWallet.vendor')}
        </label>
        <select
          id={vendorId}
          className={styles.select}
          value={vendorCode}
          onChange={(event) => onVendor(event.target.value)}
          data-testid="wallet-transfer-vendor"
        >
          {choices.map((row) => (
            <option key={row.vendorCode} value={row.vendorCode}>
              {`${row.displayName} (${show(row.balanceMinor)})`}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id={amountId}
        label={t('wallet.myWallet.amount')}
        required
        inputMode="decimal"
        autoComplete="off"
        maxLength={24}
        prefix={currency.currencySymbol}
        {...form.register('amount')}
        error={form.fieldError('amount')}
        hint={
          availableMinor === undefined
            ? undefined
            : t('wallet.myWallet.available', { amount: show(availableMinor) })
        }
        addon={
          <button
            type="button"
            className={styles.allButton}
            disabled={availableMinor === undefined || availableMinor === '0'}
            onClick={() =>
              availableMinor !== undefined &&
              form.setValue(
                'amount',
                minorToAmountText(availableMinor, currency.currencyDecimals),
                {
                  shouldValidate: Boolean(form.fieldError('amount')),
                },
              )
            }
            data-testid="wallet-transfer-all"
          >
            {t('wallet.myWallet.all')}
          </button>
        }
        data-testid="wallet-transfer-amount"
      />
      <SubmitButton busy={busy} disabled={busy || !selected} testId="wallet-transfer-submit">
        {busy ? t('wallet.myWallet.submitting') : t('wallet.myWallet.submit')}
      </SubmitButton>
    </form>
  );
};
