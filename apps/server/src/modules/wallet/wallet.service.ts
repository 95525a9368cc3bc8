import type { Currency, WalletBalance } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { SerialisedValue } from '../../shared/serialised-value.ts';
import { keptMemberAccounts, readMemberAccounts, type LedgerAccount } from '../ledger/index.ts';
import { keptMerchantCurrency, readMerchantCurrency } from '../system/index.ts';

type Serialised = { currency: Currency; value: SerialisedValue<WalletBalance> };

// The header asks for the balance on every page and after every movement, and the answer only
// changes when the member's cached accounts are replaced (a commit drops them) or the
// merchant's currency is. So each cached accounts list keeps its answer's bytes beside it.
const serialisedByAccounts = new WeakMap<LedgerAccount[], Serialised>();

const balanceOf = (currency: Currency, accounts: LedgerAccount[]): WalletBalance => {
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

const serialisedBalanceOf = (
  currency: Currency,
  accounts: LedgerAccount[],
): SerialisedValue<WalletBalance> => {
  const kept = serialisedByAccounts.get(accounts);
  if (kept?.currency === currency) return kept.value;
  const value = new SerialisedValue(balanceOf(currency, accounts));
  serialisedByAccounts.set(accounts, { currency, value });
  return value;
};

/**
 * The header balance (spec sections 2 and 3, Public state): the main wallet and the vendor
 * wallets, in minor units of the merchant's currency. Reading opens no account: a wallet never
 * used is zero. A trial member reads its play money the same way (spec section 6 skips only
 * the unread-message and consolidated calls for a trial, not the balance). With both the
 * currency and the accounts at hand in memory, it answers without waiting on a promise.
 */
export const getWalletBalance = (
  db: Db,
  merchantId: number,
  memberId: number,
): SerialisedValue<WalletBalance> | Promise<SerialisedValue<WalletBalance>> => {
  const currency = keptMerchantCurrency(db, merchantId);
  const accounts = keptMemberAccounts(db, merchantId, memberId);
  if (currency && accounts) return serialisedBalanceOf(currency, accounts);
  return Promise.all([
    readMerchantCurrency(db, merchantId),
    readMemberAccounts(db, merchantId, memberId),
  ]).then(([loadedCurrency, loadedAccounts]) =>
    serialisedBalanceOf(loadedCurrency, loadedAccounts),
  );
};
