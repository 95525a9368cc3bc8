import type { VendorRoundStatus } from '@lanna/contract';
import type { Db, SqlParam } from '../../db/client.ts';

/** Which rounds of one member a list or a sum covers. */
export type RoundFilter = {
  merchantId: number;
  memberId: number;
  /** Only these vendors; all when absent. */
  vendorCodes?: readonly string[];
  /** Only rounds in these states; all when absent. */
  statuses?: readonly VendorRoundStatus[];
  /** Rounds opened at or after this instant. */
  openedFrom?: Date;
  /** Rounds opened before this instant. */
  openedBefore?: Date;
  /** Trial play money (true), real money (false), or both when absent. */
  playMoney?: boolean;
};

export type RoundListRow = {
  vendor_code: string;
  round_id: string;
  game_code: string;
  status: VendorRoundStatus;
  play_money: boolean;
  debit_minor: string;
  credit_minor: string;
  rollback_minor: string;
  opened_at: Date;
  closed_at: Date | null;
};

export type RoundSumRow = {
  day: string;
  vendor_code: string;
  game_code: string;
  rounds: number;
  stake_minor: string;
  payout_minor: string;
};

/** The WHERE clause of a filter and its parameters, numbered from $1. */
const whereOf = (filter: RoundFilter): { sql: string; params: SqlParam[] } => {
  const params: SqlParam[] = [filter.merchantId, filter.memberId];
  const clauses = ['merchant_id = $1', 'member_id = $2'];
  const add = (clause: (placeholder: string) => string, value: SqlParam) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filter.vendorCodes) add((p) => `vendor_code = ANY (${p}::text[])`, filter.vendorCodes);
  if (filter.statuses) add((p) => `status = ANY (${p}::text[])`, filter.statuses);
  if (filter.openedFrom) add((p) => `opened_at >= ${p}`, filter.openedFrom);
  if (filter.openedBefore) add((p) => `opened_at < ${p}`, filter.openedBefore);
  if (filter.playMoney !== undefined) add((p) => `play_money = ${p}`, filter.playMoney);
  return { sql: clauses.join(' AND '), params };
};

// The stake is what the bets took and kept: debits less what was rolled back.
const STAKE = 'debit_minor - rollback_minor';

export const findRounds = (
  db: Db,
  filter: RoundFilter,
  page: { limit: number; offset: number },
) => {
  const where = whereOf(filter);
  return db.query<RoundListRow>(
    `SELECT vendor_code, round_id, game_code, status, play_money, debit_minor::text,
       credit_minor::text, rollback_minor::text, opened_at, closed_at
     FROM vendor_rounds WHERE ${where.sql}
     ORDER BY opened_at DESC, id DESC
     LIMIT ${page.limit} OFFSET ${page.offset}`,
    where.params,
  );
};

export const countRounds = (db: Db, filter: RoundFilter) => {
  const where = whereOf(filter);
  return db.one<{ total: number; stake_minor: string; payout_minor: string }>(
    `SELECT count(*)::int AS total, coalesce(sum(${STAKE}), 0)::text AS stake_minor,
       coalesce(sum(credit_minor), 0)::text AS payout_minor
     FROM vendor_rounds WHERE ${where.sql}`,
    where.params,
  );
};

/** Sums by calendar day of the opening in `timeZone`, vendor and game. */
export const sumRoundsByDay = (db: Db, filter: RoundFilter, timeZone: string) => {
  const where = whereOf(filter);
  const zone = `$${where.params.length + 1}`;
  return db.query<RoundSumRow>(
    `SELECT to_char((opened_at AT TIME ZONE ${zone})::date, 'YYYY-MM-DD') AS day, vendor_code,
       game_code, count(*)::int AS rounds, sum(${STAKE})::text AS stake_minor,
       sum(credit_minor)::text AS payout_minor
     FROM vendor_rounds WHERE ${where.sql}
     GROUP BY 1, vendor_code, game_code
     ORDER BY 1 DESC, vendor_code, game_code`,
    [...where.params, timeZone],
  );
};
