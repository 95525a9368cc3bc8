import type { WithdrawalSettings } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findMerchantByCode, type MerchantRef } from '../system/index.ts';
import {
  getWithdrawalRules,
  replaceWithdrawalRules,
  toWithdrawalSettings,
} from './withdrawal-settings.repository.ts';

/** The merchant an operator route names; 404 NOT_FOUND for an unknown code. */
export const getOpsMerchant = async (db: Db, merchantCode: string): Promise<MerchantRef> => {
  const merchant = await findMerchantByCode(db, merchantCode);
  if (!merchant) throw new AppError('NOT_FOUND');
  return merchant;
};

export const getWithdrawalSettings = async (
  db: Db,
  merchantCode: string,
): Promise<WithdrawalSettings> =>
  toWithdrawalSettings(await getWithdrawalRules(db, (await getOpsMerchant(db, merchantCode)).id));

/** Replaces the merchant's withdrawal rules with their audit row, in one transaction. */
export const changeWithdrawalSettings = (
  db: Db,
  merchantCode: string,
  change: { settings: WithdrawalSettings; reason: string; actor: string; now: Date },
): Promise<WithdrawalSettings> =>
  db.transaction(async (tx) => {
    const merchant = await getOpsMerchant(tx, merchantCode);
    const before = toWithdrawalSettings(await getWithdrawalRules(tx, merchant.id));
    await replaceWithdrawalRules(tx, merchant.id, change.settings, change.now);
    const after = toWithdrawalSettings(await getWithdrawalRules(tx, merchant.id));
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: change.actor,
      action: 'withdrawal.settings.replace',
      target: `merchant:${merchant.code}`,
      reason: change.reason,
      before,
      after,
    });
    return after;
  });
