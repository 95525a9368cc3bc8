import type { Db } from '../../db/client.ts';
import type { TransferType } from './ledger.types.ts';

/**
 * Read-only views of one member's movements by transfer type, over all of the member's wallets
 * (main, vendor, bonus, locked): what a turnover requirement is measured with. Amounts are the
 * member side's net: a deposit is positive, a bet negative, its rollback positive.
 */
export type MemberTransferSummary = { transferId: number; postedAt: Date; memberNetMinor: bigint };

const findMemberTransfer = async (
  db: Db,
  merchantId: number,
  memberId: number,
  type: TransferType,
  order: 'ASC' | 'DESC',
): Promise<MemberTransferSummary | null> => {
  const row = await db.maybeOne<{ id: string; created_at: Date; net: string }>(
    `SELECT t.id, t.created_at, sum(e.amount_minor)::text AS net
     FROM ledger_accounts a
     JOIN ledger_entries e ON e.account_id = a.id
     JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE a.merchant_id = $1 AND a.member_id = $2 AND t.type = $3
     GROUP BY t.id, t.created_at
     ORDER BY t.id ${order}
     LIMIT 1`,
    [merchantId, memberId, type],
  );
  return (
    row && { transferId: Number(row.id), postedAt: row.created_at, memberNetMinor: BigInt(row.net) }
  );
};

/** The member's latest transfer of `type`, or null when it has none. */
export const findLastMemberTransfer = (
  db: Db,
  merchantId: number,
  memberId: number,
  type: TransferType,
) => findMemberTransfer(db, merchantId, memberId, type, 'DESC');

/** The member's first transfer of `type` (a first deposit), or null when it has none. */
export const findFirstMemberTransfer = (
  db: Db,
  merchantId: number,
  memberId: number,
  type: TransferType,
) => findMemberTransfer(db, merchantId, memberId, type, 'ASC');

/**
 * The member side's net amount per type, over transfers posted after `afterTransferId` (0 for
 * all). A type the member has no transfer of is absent.
 */
export const sumMemberEntriesByType = async (
  db: Db,
  merchantId: number,
  memberId: number,
  types: readonly TransferType[],
  afterTransferId: number,
): Promise<Map<TransferType, bigint>> => {
  const rows = await db.query<{ type: TransferType; net: string }>(
    `SELECT t.type, sum(e.amount_minor)::text AS net
     FROM ledger_accounts a
     JOIN ledger_entries e ON e.account_id = a.id
     JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE a.merchant_id = $1 AND a.member_id = $2 AND t.type = ANY ($3::text[])
       AND e.transfer_id > $4
     GROUP BY t.type`,
    [merchantId, memberId, [...types], afterTransferId],
  );
  return new Map(rows.map((row) => [row.type, BigInt(row.net)]));
};

/** The member side's net amount of `type` over transfers posted in [from, to): a period's deposits. */
export const sumMemberTransfersBetween = async (
  db: Db,
  target: { merchantId: number; memberId: number; type: TransferType },
  from: Date,
  to: Date,
): Promise<bigint> => {
  const row = await db.one<{ net: string }>(
    `SELECT coalesce(sum(e.amount_minor), 0)::text AS net
     FROM ledger_accounts a
     JOIN ledger_entries e ON e.account_id = a.id
     JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE a.merchant_id = $1 AND a.member_id = $2 AND t.type = $3
       AND t.created_at >= $4 AND t.created_at < $5`,
    [target.merchantId, target.memberId, target.type, from, to],
  );
  return BigInt(row.net);
};
