import {
  totalPagesOf,
  type AccountRecordPage,
  type AccountRecordQuerySchema,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { findStatement } from '../ledger/index.ts';
import { getMerchantBrand } from '../system/index.ts';

type Query = z.output<typeof AccountRecordQuerySchema>;

/**
 * The account record (issue 4 item 8): every entry on the member's own wallets, newest first,
 * filtered by type and by calendar days in the merchant's zone. A page past the last is empty,
 * not an error; the totals say where the list ends.
 */
export const findAccountRecord = async (
  db: Db,
  merchantId: number,
  memberId: number,
  query: Query,
): Promise<AccountRecordPage> => {
  const brand = await getMerchantBrand(db, merchantId);
  const rows = await findStatement(db, {
    merchantId,
    memberId,
    types: query.types ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    timeZone: brand.timeZone,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  const total = rows[0] ? Number(rows[0].total) : 0;
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    total,
    totalPages: totalPagesOf(total, query.pageSize),
    list: rows.map((row) => ({
      entryId: row.entry_id,
      type: row.type,
      wallet: row.kind as 'main' | 'bonus' | 'locked' | 'vendor',
      vendorCode: row.vendor_code,
      amountMinor: row.amount_minor,
      balanceAfterMinor: row.balance_after_minor,
      createdAt: row.created_at.toISOString(),
    })),
  };
};
