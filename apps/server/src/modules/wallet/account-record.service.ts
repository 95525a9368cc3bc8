import {
  ACCOUNT_RECORD_TYPES,
  type AccountRecordPage,
  type AccountRecordQuerySchema,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import { countStatement, findStatement } from '../ledger/index.ts';
import { getMerchantBrand } from '../system/index.ts';

type Query = z.output<typeof AccountRecordQuerySchema>;

/**
 * The account record (issue 4 item 8; issue 30): every entry on the member's own wallets,
 * newest first, filtered by type and by calendar days in the merchant's zone. A page reads its
 * rows off the member's index, by the cursor of the page beside it or, without one, by its
 * number within the counted rows (the contract refuses a deeper number without a cursor), and
 * the total is counted up to `MAX_COUNTED_ROWS` (decision 016). A page past the last is empty,
 * not an error.
 */
export const findAccountRecord = async (
  db: Db,
  merchantId: number,
  memberId: number,
  query: Query,
): Promise<AccountRecordPage> => {
  const brand = await getMerchantBrand(db, merchantId);
  // Every type is no type filter: the web's "all" sends the whole list.
  const types =
    query.types && new Set(query.types).size < ACCOUNT_RECORD_TYPES.length ? query.types : null;
  const selection = {
    memberId,
    types,
    from: query.from ?? null,
    to: query.to ?? null,
    timeZone: brand.timeZone,
  };
  const page = await readKeysetPage(
    query,
    {
      rows: (start, limit) => findStatement(db, { ...selection, merchantId, start, limit }),
      count: (limit) => countStatement(db, selection, limit),
      keyOf: (row) => ({ atMicros: row.created_at_micros, id: row.entry_id }),
    },
    (rows) =>
      rows.map((row) => ({
        entryId: row.entry_id,
        type: row.type,
        wallet: row.kind as 'main' | 'bonus' | 'locked' | 'vendor',
        vendorCode: row.vendor_code,
        amountMinor: row.amount_minor,
        balanceAfterMinor: row.balance_after_minor,
        createdAt: row.created_at.toISOString(),
      })),
  );
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    ...page,
  };
};
