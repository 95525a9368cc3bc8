import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';
import type { AccountKind, TransferType } from './ledger.types.ts';

export type StatementRow = {
  entry_id: string;
  type: TransferType;
  kind: AccountKind;
  vendor_code: string | null;
  amount_minor: string;
  balance_after_minor: string;
  created_at: Date;
  /** The entry's time in microseconds since 1970: with `entry_id`, its place in the order. */
  created_at_micros: string;
};

export type StatementSelection = {
  memberId: number;
  /** The types to list; null for every type. */
  types: readonly TransferType[] | null;
  /** Calendar days in `timeZone`, both included; null leaves that end open. */
  from: string | null;
  to: string | null;
  timeZone: string;
};

export type StatementFilter = StatementSelection & {
  merchantId: number;
  start: PageStart;
  limit: number;
};

/**
 * The conditions of a selection on `ledger_entries e`, each a range of the member's indexes
 * (migration 027), with their parameters numbered from `first`. Only the conditions the
 * selection has are written: an `$n IS NULL OR ...` would hide the range from a generic plan.
 */
const selectionSql = (selection: StatementSelection, first: number) => {
  const params: SqlParam[] = [selection.memberId];
  const conditions = [`e.member_id = $${first}`];
  const param = (value: SqlParam) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  if (selection.from !== null || selection.to !== null) {
    const zone = param(selection.timeZone);
    if (selection.from !== null) {
      conditions.push(
        `e.created_at >= (${param(selection.from)}::date)::timestamp AT TIME ZONE ${zone}`,
      );
    }
    if (selection.to !== null) {
      conditions.push(
        `e.created_at < (${param(selection.to)}::date + 1)::timestamp AT TIME ZONE ${zone}`,
      );
    }
  }
  return { conditions, params, param };
};

/**
 * The selected entries in the list's order, cut at `cut` rows: one range of the member's time
 * index, or with types one range of the type index a type, each cut, for the caller to merge.
 * Both ranges are read in the index's order, so the planner has no reason to scan the table.
 */
const entriesSql = (
  selection: StatementSelection,
  sql: ReturnType<typeof selectionSql>,
  shape: { columns: string; order: 'ASC' | 'DESC'; cut: string },
) => {
  const { columns, order, cut } = shape;
  const orderBy = `ORDER BY e.created_at ${order}, e.id ${order} LIMIT ${cut}`;
  return selection.types === null
    ? `SELECT ${columns} FROM ledger_entries e WHERE ${sql.conditions.join(' AND ')} ${orderBy}`
    : `SELECT p.* FROM unnest(${sql.param(selection.types)}::text[]) AS f (type)
       CROSS JOIN LATERAL (
         SELECT ${columns} FROM ledger_entries e
         WHERE ${sql.conditions.join(' AND ')} AND e.type = f.type ${orderBy}) p`;
};

/**
 * One page of a member's entries on all its wallets, newest first (oldest first when read
 * `before` a key). Each page reads only its rows off the member's index, and a deep position at
 * most `offset + limit` of them: the index is in the list's order (time, then id), so there is no
 * sort of the history. The position is found in the index alone (its time and id), and only the
 * page's entries are then read from the table. With types, one range per type, each cut to the
 * page, merged: at most `limit` rows a type are sorted. Days become instants in the merchant's
 * zone inside PostgreSQL, whose zone database both engines carry.
 */
export const findStatement = (db: Db, filter: StatementFilter) => {
  // $3 is the member: the accounts joined are the member's own few, whatever the merchant's.
  const sql = selectionSql(filter, 3);
  const { condition, order, offset } = keysetReadOf(
    filter.start,
    { time: 'e.created_at', id: 'e.id' },
    sql.param,
  );
  if (condition) sql.conditions.push(condition);
  const keys = entriesSql(filter, sql, {
    columns: 'e.id, e.created_at',
    order,
    cut: sql.param(offset + filter.limit),
  });
  return db.query<StatementRow>(
    `SELECT p.id::text AS entry_id, p.type, a.kind, a.vendor_code,
       p.amount_minor::text AS amount_minor, p.balance_after_minor::text AS balance_after_minor,
       p.created_at, ${microsOf('p.created_at')} AS created_at_micros
     FROM (SELECT k.id FROM (${keys}) k
           ORDER BY k.created_at ${order}, k.id ${order}
           LIMIT $2 OFFSET ${sql.param(offset)}) page
     -- Each page key looked up by itself: as a plain join, a generic plan may read every entry
     -- of the member's accounts to hash them against the page.
     CROSS JOIN LATERAL (SELECT * FROM ledger_entries e WHERE e.id = page.id LIMIT 1) p
     JOIN ledger_accounts a
       ON a.id = p.account_id AND a.merchant_id = $1 AND a.member_id = $3
     ORDER BY p.created_at ${order}, p.id ${order}`,
    [filter.merchantId, filter.limit, ...sql.params],
  );
};

/**
 * How many entries a selection holds, counted no further than `limit`: a count that stops
 * (decision 016) reads at most `limit` index rows, however long the history. The rows are
 * taken in the index's order, as a page takes them: unordered, the planner may count by
 * scanning the table when the member's rows look common enough.
 */
export const countStatement = async (
  db: Db,
  selection: StatementSelection,
  limit: number,
): Promise<number> => {
  const sql = selectionSql(selection, 2);
  const entries = entriesSql(selection, sql, { columns: 'e.id', order: 'DESC', cut: '$1' });
  const rows = await db.query<{ counted: number }>(
    `SELECT count(*)::integer AS counted FROM (SELECT 1 FROM (${entries}) s LIMIT $1) c`,
    [limit, ...sql.params],
  );
  return rows[0]?.counted ?? 0;
};
