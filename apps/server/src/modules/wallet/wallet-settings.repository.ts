import type { MerchantWalletSettings } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

/** SQL of the merchant wallet settings and of members' frozen state (008-wallet.sql). */

/** A merchant without a row: single wallet, agent policy off, 2,000.00 of trial play money. */
export const DEFAULT_WALLET_SETTINGS: MerchantWalletSettings = {
  isSingle: true,
  agentPolicyEnabled: false,
  trialPlayMoneyMinor: '200000',
};

export const findWalletSettings = async (
  db: Db,
  merchantId: number,
): Promise<MerchantWalletSettings> => {
  const row = await db.maybeOne<{
    is_single: boolean;
    agent_policy_enabled: boolean;
    trial_play_money_minor: string;
  }>(
    `SELECT is_single, agent_policy_enabled, trial_play_money_minor::text
     FROM merchant_wallet_settings WHERE merchant_id = $1`,
    [merchantId],
  );
  return row
    ? {
        isSingle: row.is_single,
        agentPolicyEnabled: row.agent_policy_enabled,
        trialPlayMoneyMinor: row.trial_play_money_minor,
      }
    : DEFAULT_WALLET_SETTINGS;
};

export const upsertWalletSettings = (
  db: Db,
  merchantId: number,
  settings: MerchantWalletSettings,
  now: Date,
) =>
  db.query(
    `INSERT INTO merchant_wallet_settings
       (merchant_id, is_single, agent_policy_enabled, trial_play_money_minor, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (merchant_id) DO UPDATE
       SET is_single = $2, agent_policy_enabled = $3, trial_play_money_minor = $4, updated_at = $5`,
    [merchantId, settings.isSingle, settings.agentPolicyEnabled, settings.trialPlayMoneyMinor, now],
  );

export const isMemberFrozen = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<boolean> => {
  const row = await db.maybeOne<{ frozen: boolean }>(
    'SELECT frozen FROM member_wallet_status WHERE merchant_id = $1 AND member_id = $2',
    [merchantId, memberId],
  );
  return row?.frozen ?? false;
};

/** Which of these members an operator has frozen. */
export const findFrozenMembers = async (
  db: Db,
  merchantId: number,
  memberIds: readonly number[],
): Promise<Set<number>> => {
  const rows = await db.query<{ member_id: string }>(
    `SELECT member_id::text FROM member_wallet_status
     WHERE merchant_id = $1 AND member_id = ANY ($2::bigint[]) AND frozen`,
    [merchantId, memberIds.map(String)],
  );
  return new Set(rows.map((row) => Number(row.member_id)));
};

export const upsertMemberFrozen = (
  db: Db,
  merchantId: number,
  memberId: number,
  frozen: boolean,
  now: Date,
) =>
  db.query(
    `INSERT INTO member_wallet_status (member_id, merchant_id, frozen, changed_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id) DO UPDATE SET frozen = $3, changed_at = $4`,
    [memberId, merchantId, frozen, now],
  );
