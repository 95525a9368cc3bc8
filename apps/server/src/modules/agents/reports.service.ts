import {
  GAME_CATEGORIES,
  MAX_COUNTED_ROWS,
  pageCountOf,
  TEAM_OVERVIEW_DEFAULT_DAYS,
  TEAM_TRANSACTION_TYPES,
  type BettingTotals,
  type ContractPreview,
  type ContractTerms,
  type GameCategory,
  type Payout,
  type Payouts,
  type PayoutsQuerySchema,
  type TeamBetting,
  type TeamPlayers,
  type TeamPlayersQuerySchema,
  type TeamTransactions,
  type TeamTransactionsQuerySchema,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso, toIsoOrNull } from '../../shared/clock.ts';
import { addDays, dayRangeOf, startOfZonedDay, zonedIsoDate } from '../../shared/day-range.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import { findInSubtree } from '../auth/index.ts';
import { placementOf } from '../games/index.ts';
import { countTeamEntries, findTeamEntries } from '../ledger/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import * as repository from './reports.repository.ts';
import type { SumsRow } from './reports.repository.ts';
import { dividendPeriodOf, figuresOfPeriod, settleDueDividends } from './settlement.service.ts';

type RangeQuery = { from?: string | undefined; to?: string | undefined };

/** The brand and the days a report covers (the last 7 by default). */
const reportScope = async (db: Db, merchantId: number, query: RangeQuery, now: Date) => {
  const brand = await getMerchantBrand(db, merchantId);
  const range = dayRangeOf(query, zonedIsoDate(now, brand.timeZone), TEAM_OVERVIEW_DEFAULT_DAYS);
  return { brand, range };
};

const currencyOf = (brand: Awaited<ReturnType<typeof getMerchantBrand>>) => ({
  currency: brand.currency,
  currencySymbol: brand.currencySymbol,
  currencyDecimals: brand.currencyDecimals,
});

type Sums = { rounds: number; bet: bigint; valid: bigint; win: bigint; profit: bigint };
const emptySums = (): Sums => ({ rounds: 0, bet: 0n, valid: 0n, win: 0n, profit: 0n });
const add = (sums: Sums, row: SumsRow) => {
  sums.rounds += row.rounds;
  sums.bet += BigInt(row.bet_minor);
  sums.valid += BigInt(row.valid_bet_minor);
  sums.win += BigInt(row.win_minor);
  sums.profit += BigInt(row.profit_minor);
};
const totalsOf = (sums: Sums): BettingTotals => ({
  rounds: sums.rounds,
  betMinor: sums.bet.toString(),
  validBetMinor: sums.valid.toString(),
  winMinor: sums.win.toString(),
  profitMinor: sums.profit.toString(),
});
const totalsOfRow = (row: SumsRow): BettingTotals => {
  const sums = emptySums();
  add(sums, row);
  return totalsOf(sums);
};

/** Team betting (spec section 2): the team's rounds by category and by vendor. */
export const getTeamBetting = async (
  db: Db,
  merchantId: number,
  agentId: number,
  query: RangeQuery,
  now: Date,
): Promise<TeamBetting> => {
  const { brand, range } = await reportScope(db, merchantId, query, now);
  const placement = await placementOf(db, merchantId);
  const rows = await repository.sumTeamByGame(db, { merchantId, agentId, ...range });
  const categories = new Map<GameCategory | null, Sums>();
  const vendors = new Map<string, { name: string; sums: Sums }>();
  const totals = emptySums();
  for (const row of rows) {
    const category = placement.categoryOf(row.vendor_code, row.game_code);
    const inCategory = categories.get(category) ?? emptySums();
    categories.set(category, inCategory);
    add(inCategory, row);
    const vendor = vendors.get(row.vendor_code) ?? {
      name: placement.vendorNameOf(row.vendor_code, category),
      sums: emptySums(),
    };
    vendors.set(row.vendor_code, vendor);
    add(vendor.sums, row);
    add(totals, row);
  }
  const order = (category: GameCategory | null) =>
    category ? GAME_CATEGORIES.indexOf(category) : GAME_CATEGORIES.length;
  return {
    ...currencyOf(brand),
    ...range,
    categories: [...categories]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([gameType, sums]) => ({ gameType, ...totalsOf(sums) })),
    vendors: [...vendors]
      .sort(([, a], [, b]) =>
        a.sums.valid === b.sums.valid ? 0 : a.sums.valid > b.sums.valid ? -1 : 1,
      )
      .map(([vendorCode, vendor]) => ({
        vendorCode,
        vendorName: vendor.name,
        ...totalsOf(vendor.sums),
      })),
    totals: totalsOf(totals),
  };
};

/** The team's members by betting, or (user loss) those who lost, most first. */
export const findTeamPlayers = async (
  db: Db,
  merchantId: number,
  agentId: number,
  query: z.output<typeof TeamPlayersQuerySchema>,
  now: Date,
): Promise<TeamPlayers> => {
  const { brand, range } = await reportScope(db, merchantId, query, now);
  const scope = { merchantId, agentId, ...range, order: query.order };
  const rows = await repository.findTeamPlayers(db, scope, {
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  const counted = await repository.countTeamPlayers(db, scope, MAX_COUNTED_ROWS + 1);
  return {
    ...currencyOf(brand),
    ...range,
    list: rows.map((row) => ({ account: row.username, level: row.level, ...totalsOfRow(row) })),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    ...pageCountOf(counted, query.pageSize),
  };
};

/** Team transactions (spec section 2): the team's money in and out, newest first. */
export const findTeamTransactions = async (
  db: Db,
  merchantId: number,
  agentId: number,
  query: z.output<typeof TeamTransactionsQuerySchema>,
  now: Date,
): Promise<TeamTransactions> => {
  const { brand, range } = await reportScope(db, merchantId, query, now);
  const filter = {
    merchantId,
    agentId,
    types: query.type ? [query.type] : TEAM_TRANSACTION_TYPES,
    from: startOfZonedDay(range.from, brand.timeZone),
    to: startOfZonedDay(addDays(range.to, 1), brand.timeZone),
  };
  const page = await readKeysetPage(
    query,
    {
      rows: (start, limit) => findTeamEntries(db, filter, { start, limit }),
      count: (limit) => countTeamEntries(db, filter, limit),
      keyOf: (row) => ({ atMicros: row.created_at_micros, id: row.id }),
    },
    (rows) =>
      rows.map((row) => ({
        id: row.id,
        account: row.username,
        type: row.type as (typeof TEAM_TRANSACTION_TYPES)[number],
        amountMinor: row.amount_minor,
        at: toIso(row.created_at),
      })),
  );
  return { ...page, ...currencyOf(brand) };
};

const toPayout = (row: repository.PayoutRow): Payout => ({
  id: Number(row.id),
  contractId: Number(row.contract_id),
  kind: row.kind,
  periodStart: toIso(row.period_start),
  periodEnd: toIso(row.period_end),
  counterpart: row.counterpart,
  validBetMinor: row.valid_bet_minor,
  lossMinor: row.loss_minor,
  activeMembers: row.active_members,
  amountMinor: row.amount_minor,
  status: row.status,
  dueAt: toIsoOrNull(row.due_at),
  paidAt: toIsoOrNull(row.paid_at),
});

/** My income and what the agent paid (spec section 2): salaries and dividends by period. */
export const findPayouts = async (
  db: Db,
  merchantId: number,
  memberId: number,
  query: z.output<typeof PayoutsQuerySchema>,
  now: Date,
): Promise<Payouts> => {
  const { brand, range } = await reportScope(db, merchantId, query, now);
  const filter = {
    merchantId,
    memberId,
    side: query.side,
    kind: query.kind,
    from: startOfZonedDay(range.from, brand.timeZone),
    to: startOfZonedDay(addDays(range.to, 1), brand.timeZone),
  };
  const page = await readKeysetPage(
    query,
    {
      rows: (start, limit) => repository.findPayouts(db, filter, { start, limit }),
      count: (limit) => repository.countPayouts(db, filter, limit),
      keyOf: (row) => ({ atMicros: row.period_start_micros, id: row.id }),
    },
    (rows) => rows.map(toPayout),
  );
  const totals = await repository.sumPayouts(db, filter);
  return {
    ...page,
    ...currencyOf(brand),
    totals: totals.map((row) => ({ kind: row.kind, amountMinor: row.amount_minor })),
  };
};

/** The agent pays a dividend it owes, from its own wallet. */
export const payDividend = async (
  db: Db,
  merchantId: number,
  memberId: number,
  payoutId: number,
  now: Date,
): Promise<Payout> => {
  const paid = await settleDueDividends(
    { db, merchantId, now },
    { id: payoutId, payerId: memberId },
  );
  if (paid === 0) throw new AppError('NOT_FOUND');
  return toPayout(await repository.getPayout(db, payoutId, 'paid'));
};

/**
 * What a contract would have paid the downline on its last full period of real data: yesterday
 * in the merchant's zone for salaries (each five minutes for real-time, each hour for hourly),
 * the last finished period for dividends. Nothing is offered or paid.
 */
export const previewContract = async (
  db: Db,
  merchantId: number,
  agentId: number,
  body: { downline: string; terms: ContractTerms },
  now: Date,
): Promise<ContractPreview> => {
  const downline = await findInSubtree(db, merchantId, agentId, body.downline.trim());
  if (!downline || downline.depth !== 1) throw new AppError('DOWNLINE_NOT_FOUND');
  const brand = await getMerchantBrand(db, merchantId);
  const yesterday = addDays(zonedIsoDate(now, brand.timeZone), -1);
  let period = {
    start: startOfZonedDay(yesterday, brand.timeZone),
    end: startOfZonedDay(addDays(yesterday, 1), brand.timeZone),
  };
  if (body.terms.kind === 'dividend') {
    // The last day on which a period of the contract's kind ended.
    for (let back = 1; back <= 31; back += 1) {
      const day = addDays(zonedIsoDate(now, brand.timeZone), -back);
      const ended = dividendPeriodOf(body.terms.period ?? 'D', day, brand.timeZone);
      if (ended) {
        period = ended;
        break;
      }
    }
  }
  const bucket =
    body.terms.kind === 'realtime_salary'
      ? '5 minutes'
      : body.terms.kind === 'hourly_salary'
        ? '1 hour'
        : null;
  const figures = await figuresOfPeriod(
    { db, merchantId, now },
    downline.id,
    body.terms,
    period,
    bucket,
  );
  return {
    ...currencyOf(brand),
    periodStart: toIso(period.start),
    periodEnd: toIso(period.end),
    validBetMinor: figures.validBetMinor.toString(),
    lossMinor: figures.lossMinor.toString(),
    activeMembers: figures.activeMembers,
    amountMinor: figures.amountMinor.toString(),
  };
};
