import type { WalletBalance } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { readMemberAccounts } from '../ledger/index.ts';
import { readMerchantCurrency } from '../system/index.ts';

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
  const [currency, accounts] = await Promise.all([
    readMerchantCurrency(db, merchantId),
    readMemberAccounts(db, merchantId, memberId),
  ]);
  const main = accounts.find((account) => account.kind === 'main');
  return {
    ...currency,
    balanceMinor: (main?.balanceMinor ?? 0n).toString(),
    vendorWallets: accounts.flatMap((account) =>
      account.kind === 'vendor' && account.vendorCode
        ? [{ vendorCode: account.vendorCode, balanceMinor: account.balanceMinor.toString() }]
        : [],
    ),
  };
};
