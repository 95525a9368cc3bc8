import type { MerchantAccessSettings } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  findMerchantByCode,
  getAccessSettings,
  replaceAccessSettings,
  type MerchantRef,
} from '../system/index.ts';
import { insertAuditEntry } from './ops.repository.ts';

/** The operator realm has one shared key today, so every change is signed by this actor. */
export const OPERATOR_ACTOR = 'operator-api-key';

const getMerchant = async (db: Db, code: string): Promise<MerchantRef> => {
  const merchant = await findMerchantByCode(db, code);
  if (!merchant) throw new AppError('NOT_FOUND');
  return merchant;
};

export const getMerchantAccess = async (
  db: Db,
  merchantCode: string,
): Promise<MerchantAccessSettings> =>
  getAccessSettings(db, (await getMerchant(db, merchantCode)).id);

/**
 * Replaces a merchant's maintenance and region settings and records who, why, before and
 * after in the audit log, in one transaction: no change without its audit row.
 */
export const changeMerchantAccess = (
  db: Db,
  merchantCode: string,
  change: { settings: MerchantAccessSettings; reason: string },
): Promise<MerchantAccessSettings> =>
  db.transaction(async (tx) => {
    const merchant = await getMerchant(tx, merchantCode);
    const { before, after } = await replaceAccessSettings(tx, merchant.id, change.settings);
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: OPERATOR_ACTOR,
      action: 'merchant.access.replace',
      target: `merchant:${merchant.code}`,
      reason: change.reason,
      before,
      after,
    });
    return after;
  });
