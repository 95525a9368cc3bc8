import type { VendorRoundStatus } from '@lanna/contract';
import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

/**
 * Read-only SQL over the vendor wallet's `vendor_rounds` (007-vendor-wallet.sql) and the
 * members' day totals its triggers keep (029-member-round-days.sql): that module writes the
 * rounds, betting records only read them.
 */

/** Pairs of vendor code and the vendor's game code. */
export type GamePairs = { vendorCodes: string[]; gameCodes: string[] };

/**
 * Which rounds of one member a record covers. `games` narrows them to vendors: every round of a
 * vendor in `wholeVendors`, plus the `included` games, less the `excluded` ones (a vendor code
 * that runs games in several categories is cut by game); absent, every vendor.
 */
export type RoundScope = {
  merchantId: number;
  memberId: number;
  /** Calendar days in `timeZone`, both included; open when null. */
  from: string | null;
  to: string | null;
  timeZone: string;
  games: { wholeVendors: string[]; included: GamePairs; excluded: GamePairs } | null;
};

export type RoundRow = {
  vendor_code: string;
  round_id: string;
  game_code: string;
  status: VendorRoundStatus;
  debit_minor: string;
  credit_minor: string;
  rollback_minor: string;
  opened_at: Date;
  closed_at: Date | null;
  /** With `id`, the round's place in the record's order (decision 016). */
  opened_at_micros: string;
  id: string;
};

export type TotalsRow = {
  rounds: number;
  bet_minor: string;
  valid_bet_minor: string;
  win_minor: string;
  profit_minor: string;
};

export type DayGameTotalsRow = TotalsRow & { day: string; vendor_code: string; game_code: string };

// Sums of the day totals, in the columns a round's totals had.
const TOTALS = `coalesce(sum(rounds), 0)::int AS rounds,
  coalesce(sum(bet_minor), 0)::text AS bet_minor,
  coalesce(sum(valid_bet_minor), 0)::text AS valid_bet_minor,
  coalesce(sum(win_minor), 0)::text AS win_minor,
  coalesce(sum(profit_minor), 0)::text AS profit_minor`;

/**
 * The WHERE clause of a scope and its parameters, numbered from $1, over the rounds or over the
 * day totals (`member_round_days`). Trial play money never counts: those rounds have no totals.
 */
const whereOf = (
  scope: RoundScope,
  over: 'rounds' | 'days' = 'rounds',
): {
  sql: string;
  params: SqlParam[];
  param: (value: SqlParam) => string;
  clauses: string[];
} => {
  const params: SqlParam[] = [scope.merchantId, scope.memberId];
  const clauses = ['merchant_id = $1', 'member_id = $2'];
  if (over === 'rounds') clauses.push('NOT play_money');
  const param = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (over === 'days') {
    if (scope.from) clauses.push(`day >= ${param(scope.from)}::date`);
    if (scope.to) clauses.push(`day <= ${param(scope.to)}::date`);
  } else if (scope.from || scope.to) {
    // Days start at midnight in the merchant's zone, the same reading as the account record.
    const zone = `${param(scope.timeZone)}::text`;
    if (scope.from) {
      clauses.push(`opened_at >= (${param(scope.from)}::date)::timestamp AT TIME ZONE ${zone}`);
    }
    if (scope.to) {
      clauses.push(`opened_at < (${param(scope.to)}::date + 1)::timestamp AT TIME ZONE ${zone}`);
    }
  }
  if (scope.games) {
    const { wholeVendors, included, excluded } = scope.games;
    const pairs = (set: GamePairs) =>
      `(SELECT * FROM unnest(${param(set.vendorCodes)}::text[], ${param(set.gameCodes)}::text[]))`;
    clauses.push(
      `(vendor_code = ANY (${param(wholeVendors)}::text[]) OR (vendor_code, game_code) IN ${pairs(included)})`,
    );
    if (excluded.vendorCodes.length > 0) {
      clauses.push(`(vendor_code, game_code) NOT IN ${pairs(excluded)}`);
    }
  }
  return { sql: clauses.join(' AND '), params, param, clauses };
};

/**
 * The scope's rounds in the record's order, cut at `cut` rows: one range of the member's time
 * index, or with vendors one range of the member's vendor index a vendor (migration 032), each
 * cut, for the caller to merge. Either way the index is read in the record's order, so a rare
 * vendor's page does not walk the member's other rounds.
 */
const roundsSql = (
  scope: RoundScope,
  where: ReturnType<typeof whereOf>,
  shape: { columns: string; order: 'ASC' | 'DESC'; cut: string },
) => {
  const { columns, order, cut } = shape;
  const orderBy = `ORDER BY r.opened_at ${order}, r.id ${order} LIMIT ${cut}`;
  if (!scope.games) {
    return `SELECT ${columns} FROM vendor_rounds r WHERE ${where.clauses.join(' AND ')} ${orderBy}`;
  }
  const { wholeVendors, included } = scope.games;
  const vendorCodes = [...new Set([...wholeVendors, ...included.vendorCodes])];
  return `SELECT p.* FROM unnest(${where.param(vendorCodes)}::text[]) AS f (code)
     CROSS JOIN LATERAL (
       SELECT ${columns} FROM vendor_rounds r
       WHERE ${where.clauses.join(' AND ')} AND r.vendor_code = f.code ${orderBy}) p`;
};

/**
 * A page of the member's rounds, newest first (oldest first when read `before` a key), off the
 * member's indexes (migrations 028 and 032) in the record's order: a page reads its rows, a
 * position at most `offset + limit` of them a vendor, never a sort of the history.
 */
export const findRounds = (
  db: Db,
  scope: RoundScope,
  page: { start: PageStart; limit: number },
) => {
  const where = whereOf(scope);
  const { condition, order, offset } = keysetReadOf(
    page.start,
    { time: 'r.opened_at', id: 'r.id' },
    where.param,
  );
  if (condition) where.clauses.push(condition);
  const rounds = roundsSql(scope, where, {
    columns: `r.id, r.vendor_code, r.round_id, r.game_code, r.status, r.debit_minor,
      r.credit_minor, r.rollback_minor, r.opened_at, r.closed_at`,
    order,
    cut: String(offset + Math.trunc(page.limit)),
  });
  return db.query<RoundRow>(
    `SELECT vendor_code, round_id, game_code, status, debit_minor::text, credit_minor::text,
       rollback_minor::text, opened_at, closed_at, ${microsOf('opened_at')} AS opened_at_micros,
       id::text
     FROM (${rounds}) r
     ORDER BY r.opened_at ${order}, r.id ${order}
     LIMIT ${Math.trunc(page.limit)} OFFSET ${offset}`,
    where.params,
  );
};

/**
 * How many rounds the scope selects, counted no further than `limit` (decision 016), taken in
 * the index's order as a page takes them.
 */
export const countRounds = async (db: Db, scope: RoundScope, limit: number): Promise<number> => {
  const where = whereOf(scope);
  const rounds = roundsSql(scope, where, {
    columns: 'r.id',
    order: 'DESC',
    cut: String(Math.trunc(limit)),
  });
  const row = await db.one<{ counted: number }>(
    `SELECT count(*)::int AS counted FROM (SELECT 1 FROM (${rounds}) s LIMIT ${Math.trunc(limit)}) c`,
    where.params,
  );
  return row.counted;
};

/** The totals of every round the scope selects, from its days' totals. */
export const sumRounds = (db: Db, scope: RoundScope) => {
  const where = whereOf(scope, 'days');
  return db.one<TotalsRow>(
    `SELECT ${TOTALS} FROM member_round_days WHERE ${where.sql}`,
    where.params,
  );
};

/** Totals by calendar day of the opening (in the merchant's zone), vendor and game. */
export const sumRoundsByDayAndGame = (db: Db, scope: RoundScope) => {
  const where = whereOf(scope, 'days');
  return db.query<DayGameTotalsRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, vendor_code, game_code, ${TOTALS}
     FROM member_round_days WHERE ${where.sql}
     GROUP BY day, vendor_code, game_code`,
    where.params,
  );
};
