import type { WalletBalance } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { findMemberAccounts } from '../ledger/index.ts';
import { getMerchantBrand } from '../system/index.ts';

/**
 * The header balance (spec sections 2 and 3, Public state): the main wallet and the vendor
 * wallets, in minor units of the merchant's currency. Reading opens no account: a wallet never
 * used is zero. A trial member reads its play money the same way (spec section 6 skips only
 * the unread-message and consolidated calls for a trial, not the balance).
 */
export const getWalletBalance = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<WalletBalance> => {
  const [brand, accounts] = await Promise.all([
    getMerchantBrand(db, merchantId),
    findMemberAccounts(db, merchantId, memberId),
  ]);
  const main = accounts.find((account) => account.kind === 'main');
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    balanceMinor: (main?.balanceMinor ?? 0n).toString(),
    vendorWallets: accounts.flatMap((account) =>
      account.kind === 'vendor' && account.vendorCode
        ? [{ vendorCode: account.vendorCode, balanceMinor: account.balanceMinor.toString() }]
        : [],
    ),
  };
};
