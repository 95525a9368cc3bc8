import type { GameCategory } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

export type MerchantVendorRow = {
  code: string;
  category: GameCategory;
  display_name: string;
  maintenance: boolean;
};

/** The vendors a merchant offers, in its display order. */
export const findEnabledVendors = (db: Db, merchantId: number) =>
  db.query<MerchantVendorRow>(
    `SELECT v.code, v.category, v.display_name, v.maintenance
     FROM merchant_vendors mv JOIN vendors v ON v.id = mv.vendor_id
     WHERE mv.merchant_id = $1 AND mv.enabled
     ORDER BY mv.sort, v.code`,
    [merchantId],
  );
