import type {
  Currency,
  MerchantWallet,
  MerchantWalletSettings,
  TransferVendor,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { findEnabledVendors } from '../games/index.ts';
import { getAccessSettings, getMerchantBrand, isUnderMaintenance } from '../system/index.ts';
import * as settings from './wallet-settings.repository.ts';

/** The merchant's wallet settings; a merchant never configured has the defaults. */
export const getWalletSettings = (db: Db, merchantId: number): Promise<MerchantWalletSettings> =>
  settings.findWalletSettings(db, merchantId);

/**
 * True when the merchant runs a single wallet (spec section 3, Merchant wallet: isSingle):
 * vendors debit and credit the member's main wallet; false for a transfer wallet, where each
 * vendor plays from the member's wallet at that vendor.
 */
export const isSingleWallet = async (db: Db, merchantId: number): Promise<boolean> =>
  (await settings.findWalletSettings(db, merchantId)).isSingle;

/**
 * The vendor wallets a merchant offers: one per vendor code it offers (a vendor in several
 * categories has one wallet), named by its first row in the merchant's display order.
 */
export const findTransferVendors = async (
  db: Db,
  merchantId: number,
): Promise<TransferVendor[]> => {
  const byCode = new Map<string, TransferVendor>();
  for (const vendor of await findEnabledVendors(db, merchantId)) {
    if (!byCode.has(vendor.code))
      byCode.set(vendor.code, { vendorCode: vendor.code, displayName: vendor.display_name });
  }
  return [...byCode.values()];
};

/** GET /wps/v2/wallets/merchant: the mode, and the vendor wallets of a transfer wallet. */
export const getMerchantWallet = async (db: Db, merchantId: number): Promise<MerchantWallet> => {
  const { isSingle } = await settings.findWalletSettings(db, merchantId);
  return { isSingle, vendors: isSingle ? [] : await findTransferVendors(db, merchantId) };
};

/** The merchant's currency, as every money response carries it. */
export const currencyOf = async (db: Db, merchantId: number): Promise<Currency> => {
  const brand = await getMerchantBrand(db, merchantId);
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
  };
};

/** True when an operator has frozen the member (issue 4 item 9). */
export const isMemberFrozen = (db: Db, merchantId: number, memberId: number): Promise<boolean> =>
  settings.isMemberFrozen(db, merchantId, memberId);

/**
 * Refuses a money movement the member starts (a bet, deposit, withdrawal or transfer) while
 * the merchant is under maintenance (MAINTENANCE) or the member is frozen (ACCOUNT_FROZEN).
 * Vendor wins and rollbacks of rounds already open do not call it: they are still accepted.
 * Settings are read from the database, not the status cache, so a switch applies at once.
 */
export const assertMoneyMovementAllowed = async (
  db: Db,
  movement: { merchantId: number; memberId: number; now: Date },
): Promise<void> => {
  const access = await getAccessSettings(db, movement.merchantId);
  if (isUnderMaintenance(access.maintenance, movement.now)) throw new AppError('MAINTENANCE');
  if (await settings.isMemberFrozen(db, movement.merchantId, movement.memberId))
    throw new AppError('ACCOUNT_FROZEN');
};

/**
 * `assertMoneyMovementAllowed` for several members of one merchant at once (a batch of bets):
 * the same rules from the same reads, two statements however many members. Answers each
 * member's refusal, or null when its movement is allowed.
 */
export const readMoneyMovementRefusals = async (
  db: Db,
  movement: { merchantId: number; memberIds: readonly number[]; now: Date },
): Promise<(memberId: number) => AppError | null> => {
  const [access, frozen] = await Promise.all([
    getAccessSettings(db, movement.merchantId),
    settings.findFrozenMembers(db, movement.merchantId, movement.memberIds),
  ]);
  const maintenance = isUnderMaintenance(access.maintenance, movement.now);
  return (memberId) => {
    if (maintenance) return new AppError('MAINTENANCE');
    return frozen.has(memberId) ? new AppError('ACCOUNT_FROZEN') : null;
  };
};
