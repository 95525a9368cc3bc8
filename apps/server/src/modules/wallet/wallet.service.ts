import type { WalletBalance } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { createTtlCache, type TtlCache } from '../../shared/ttl-cache.ts';
import { readMemberAccounts } from '../ledger/index.ts';
import { CACHE_TTL_MS, getMerchantBrand } from '../system/index.ts';

type Currency = Pick<WalletBalance, 'currency' | 'currencySymbol' | 'currencyDecimals'>;

// The header balance is read on every page; its currency is the merchant's, which no API
// changes, so it is kept as long as the merchant resolution it comes with (CACHE_TTL_MS),
// per database so that test apps on fresh databases never share it.
const currencyCaches = new WeakMap<Db, TtlCache<number, Currency>>();

const merchantCurrency = (db: Db, merchantId: number): Promise<Currency> => {
  let cache = currencyCaches.get(db);
  if (!cache) {
    cache = createTtlCache({ ttlMs: CACHE_TTL_MS, maxEntries: 10_000 });
    currencyCaches.set(db, cache);
  }
  return cache.get(merchantId, async () => {
    const brand = await getMerchantBrand(db, merchantId);
    return {
      currency: brand.currency,
      currencySymbol: brand.currencySymbol,
      currencyDecimals: brand.currencyDecimals,
    };
  });
};

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
    merchantCurrency(db, merchantId),
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
