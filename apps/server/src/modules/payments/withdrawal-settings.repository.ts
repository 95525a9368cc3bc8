import type { WithdrawalSettings } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

type SettingsRow = {
  min_amount_minor: string;
  max_amount_minor: string;
  daily_count: number;
  daily_amount_minor: string;
  turnover_multiplier_percent: number;
  confirm_minutes: number;
  max_bank_cards: number;
  max_e_wallets: number;
  payment_password_lock_after: number;
  payment_password_lock_minutes: number;
};

const COLUMNS = `min_amount_minor, max_amount_minor, daily_count, daily_amount_minor,
  turnover_multiplier_percent, confirm_minutes, max_bank_cards, max_e_wallets,
  payment_password_lock_after, payment_password_lock_minutes`;

/** A merchant's withdrawal rules with amounts as bigint. */
export type WithdrawalRules = {
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  dailyCount: number;
  dailyAmountMinor: bigint;
  turnoverMultiplierPercent: number;
  confirmMinutes: number;
  maxBankCards: number;
  maxEWallets: number;
  paymentPasswordLockAfter: number;
  paymentPasswordLockMinutes: number;
};

const toRules = (row: SettingsRow): WithdrawalRules => ({
  minAmountMinor: BigInt(row.min_amount_minor),
  maxAmountMinor: BigInt(row.max_amount_minor),
  dailyCount: row.daily_count,
  dailyAmountMinor: BigInt(row.daily_amount_minor),
  turnoverMultiplierPercent: row.turnover_multiplier_percent,
  confirmMinutes: row.confirm_minutes,
  maxBankCards: row.max_bank_cards,
  maxEWallets: row.max_e_wallets,
  paymentPasswordLockAfter: row.payment_password_lock_after,
  paymentPasswordLockMinutes: row.payment_password_lock_minutes,
});

/** The merchant's rules; the first read creates its row with the migration's defaults. */
export const getWithdrawalRules = async (db: Db, merchantId: number): Promise<WithdrawalRules> => {
  const existing = await db.maybeOne<SettingsRow>(
    `SELECT ${COLUMNS} FROM withdrawal_settings WHERE merchant_id = $1`,
    [merchantId],
  );
  if (existing) return toRules(existing);
  await db.query(
    'INSERT INTO withdrawal_settings (merchant_id) VALUES ($1) ON CONFLICT DO NOTHING',
    [merchantId],
  );
  return toRules(
    await db.one<SettingsRow>(`SELECT ${COLUMNS} FROM withdrawal_settings WHERE merchant_id = $1`, [
      merchantId,
    ]),
  );
};

export const replaceWithdrawalRules = async (
  db: Db,
  merchantId: number,
  settings: WithdrawalSettings,
  now: Date,
): Promise<void> => {
  await db.query(
    `INSERT INTO withdrawal_settings (merchant_id, ${COLUMNS}, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (merchant_id) DO UPDATE SET
       min_amount_minor = EXCLUDED.min_amount_minor,
       max_amount_minor = EXCLUDED.max_amount_minor,
       daily_count = EXCLUDED.daily_count,
       daily_amount_minor = EXCLUDED.daily_amount_minor,
       turnover_multiplier_percent = EXCLUDED.turnover_multiplier_percent,
       confirm_minutes = EXCLUDED.confirm_minutes,
       max_bank_cards = EXCLUDED.max_bank_cards,
       max_e_wallets = EXCLUDED.max_e_wallets,
       payment_password_lock_after = EXCLUDED.payment_password_lock_after,
       payment_password_lock_minutes = EXCLUDED.payment_password_lock_minutes,
       updated_at = EXCLUDED.updated_at`,
    [
      merchantId,
      settings.minAmountMinor,
      settings.maxAmountMinor,
      settings.dailyCount,
      settings.dailyAmountMinor,
      settings.turnoverMultiplierPercent,
      settings.confirmMinutes,
      settings.maxBankCards,
      settings.maxEWallets,
      settings.paymentPasswordLockAfter,
      settings.paymentPasswordLockMinutes,
      now,
    ],
  );
};

/** The rules as the contract shows them (amounts as strings of minor units). */
export const toWithdrawalSettings = (rules: WithdrawalRules): WithdrawalSettings => ({
  minAmountMinor: rules.minAmountMinor.toString(),
  maxAmountMinor: rules.maxAmountMinor.toString(),
  dailyCount: rules.dailyCount,
  dailyAmountMinor: rules.dailyAmountMinor.toString(),
  turnoverMultiplierPercent: rules.turnoverMultiplierPercent,
  confirmMinutes: rules.confirmMinutes,
  maxBankCards: rules.maxBankCards,
  maxEWallets: rules.maxEWallets,
  paymentPasswordLockAfter: rules.paymentPasswordLockAfter,
  paymentPasswordLockMinutes: rules.paymentPasswordLockMinutes,
});
