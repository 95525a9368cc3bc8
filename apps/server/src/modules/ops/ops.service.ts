import type { MerchantAccessSettings } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  findMerchantByCode,
  getAccessSettings,
  replaceAccessSettings,
  type AccessSettingsCache,
  type MerchantRef,
} from '../system/index.ts';
import { insertAuditEntry } from '../audit/index.ts';

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
 * after in the audit log, in one transaction: no change without its audit row. Then drops the
 * merchant's cached settings on this node.
 */
export const changeMerchantAccess = async (
  db: Db,
  cache: Pick<AccessSettingsCache, 'invalidate'>,
  merchantCode: string,
  change: { settings: MerchantAccessSettings; reason: string; actor: string },
): Promise<MerchantAccessSettings> => {
  const { merchantId, after } = await db.transaction(async (tx) => {
    const merchant = await getMerchant(tx, merchantCode);
    const { before, after } = await replaceAccessSettings(tx, merchant.id, change.settings);
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: change.actor,
      action: 'merchant.access.replace',
      target: `merchant:${merchant.code}`,
      reason: change.reason,
      before,
      after,
    });
    return { merchantId: merchant.id, after };
  });
  // After the commit, so no read can cache the old settings again: this node's next status
  // shows the change at once (other nodes within CACHE_TTL_MS).
  cache.invalidate(merchantId);
  return after;
};
