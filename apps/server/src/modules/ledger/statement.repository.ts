import type { Db } from '../../db/client.ts';
import type { AccountKind, TransferType } from './ledger.types.ts';

export type StatementRow = {
  entry_id: string;
  type: TransferType;
  kind: AccountKind;
  vendor_code: string | null;
  amount_minor: string;
  balance_after_minor: string;
  created_at: Date;
  total: string;
};

export type StatementFilter = {
  merchantId: number;
  memberId: number;
  types: readonly TransferType[] | null;
  /** Calendar days in `timeZone`, both included; null leaves that end open. */
  from: string | null;
  to: string | null;
  timeZone: string;
  limit: number;
  offset: number;
};

/**
 * A member's entries on all its wallets, newest first, with the count of all that match. Days
 * become instants in the merchant's zone inside PostgreSQL, whose zone database both engines
 * carry, so the record agrees with the merchant's calendar whatever the server's zone.
 */
export const findStatement = (db: Db, filter: StatementFilter) =>
  db.query<StatementRow>(
    `SELECT e.id::text AS entry_id, t.type, a.kind, a.vendor_code,
       e.amount_minor::text AS amount_minor, e.balance_after_minor::text AS balance_after_minor,
       t.created_at, (count(*) OVER ())::text AS total
     FROM ledger_accounts a
     JOIN ledger_entries e ON e.account_id = a.id
     JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE a.merchant_id = $1 AND a.member_id = $2
       AND ($3::text[] IS NULL OR t.type = ANY ($3::text[]))
       AND ($4::date IS NULL OR t.created_at >= ($4::date)::timestamp AT TIME ZONE $6)
       AND ($5::date IS NULL OR t.created_at < ($5::date + 1)::timestamp AT TIME ZONE $6)
     ORDER BY e.id DESC
     LIMIT $7 OFFSET $8`,
    [
      filter.merchantId,
      filter.memberId,
      filter.types,
      filter.from,
      filter.to,
      filter.timeZone,
      filter.limit,
      filter.offset,
    ],
  );
