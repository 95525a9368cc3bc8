import {
  GAME_CATEGORIES,
  PROFIT_LOSS_DEFAULT_DAYS,
  type BettingRecordPage,
  type BettingRecordQuerySchema,
  type BettingTotals,
  type GameCategory,
  type Language,
  type ProfitLoss,
  type ProfitLossQuerySchema,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { dayRangeOf, zonedIsoDate } from '../../shared/day-range.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import { placementOf, type Placement } from '../games/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import * as repository from './betting.repository.ts';
import type { GamePairs, RoundScope, TotalsRow } from './betting.repository.ts';

type RecordQuery = z.output<typeof BettingRecordQuerySchema>;
type ProfitLossQuery = z.output<typeof ProfitLossQuerySchema>;
type Filter = Pick<RecordQuery, 'gameType' | 'vassalage'>;

const noPairs = (): GamePairs => ({ vendorCodes: [], gameCodes: [] });

/**
 * The vendor part of a scope for a category and vendor filter, placing rounds as `Placement`
 * does. A vendor filter names a vendor the merchant offers (in that category, when one is given).
 */
const gamesScopeOf = (placement: Placement, filter: Filter) => {
  if (!filter.gameType && !filter.vassalage) return null;
  const targets = placement.vendors.filter(
    (vendor) =>
      (!filter.gameType || vendor.category === filter.gameType) &&
      (!filter.vassalage || vendor.code === filter.vassalage),
  );
  if (filter.vassalage && targets.length === 0) throw new AppError('BETTING_UNKNOWN_VENDOR');
  const scope = { wholeVendors: [] as string[], included: noPairs(), excluded: noPairs() };
  if (!filter.gameType) {
    scope.wholeVendors.push(...new Set(targets.map((vendor) => vendor.code)));
    return scope;
  }
  for (const target of targets) {
    const games = placement.catalog.byVendor.get(target.code) ?? [];
    const primary = placement.vendors.find((vendor) => vendor.code === target.code)?.category;
    if (primary === target.category) {
      // Its first category takes every round but those of games in its other categories.
      scope.wholeVendors.push(target.code);
      for (const game of games) {
        if (game.category === target.category) continue;
        scope.excluded.vendorCodes.push(target.code);
        scope.excluded.gameCodes.push(game.code);
      }
    } else {
      for (const game of games) {
        if (game.category !== target.category) continue;
        scope.included.vendorCodes.push(target.code);
        scope.included.gameCodes.push(game.code);
      }
    }
  }
  return scope;
};

const totalsOf = (row: TotalsRow): BettingTotals => ({
  rounds: row.rounds,
  betMinor: row.bet_minor,
  validBetMinor: row.valid_bet_minor,
  winMinor: row.win_minor,
  profitMinor: row.profit_minor,
});

const nameLanguageOf = (language: Language | undefined): 'EN' | 'CN' | 'TH' | 'KM' =>
  language === 'CN' || language === 'TH' || language === 'KM' ? language : 'EN';

/**
 * The betting record (issue 5 item 7; issue 30): the member's real-money rounds at every
 * vendor, newest first, filtered by category, vendor and calendar days in the merchant's zone,
 * with the totals of the whole selection. A page reads its rows off the member's index by the
 * cursor of the page beside it or by its number within the counted rows, and the count stops at
 * `MAX_COUNTED_ROWS` (decision 016); the totals sum the day totals the rounds keep (migration
 * 029). A page past the last is empty, not an error.
 */
export const findBettingRecord = async (
  db: Db,
  merchantId: number,
  memberId: number,
  query: RecordQuery,
): Promise<BettingRecordPage> => {
  const [brand, placement] = await Promise.all([
    getMerchantBrand(db, merchantId),
    placementOf(db, merchantId),
  ]);
  const scope: RoundScope = {
    merchantId,
    memberId,
    from: query.from ?? null,
    to: query.to ?? null,
    timeZone: brand.timeZone,
    games: gamesScopeOf(placement, query),
  };
  const language = nameLanguageOf(query.language);
  const page = await readKeysetPage(
    query,
    {
      rows: (start, limit) => repository.findRounds(db, scope, { start, limit }),
      count: (limit) => repository.countRounds(db, scope, limit),
      keyOf: (row) => ({ atMicros: row.opened_at_micros, id: row.id }),
    },
    (rows) =>
      rows.map((row) => {
        const bet = BigInt(row.debit_minor) - BigInt(row.rollback_minor);
        const win = BigInt(row.credit_minor);
        const settled = row.status === 'settled';
        const gameType = placement.categoryOf(row.vendor_code, row.game_code);
        return {
          vendorCode: row.vendor_code,
          vendorName: placement.vendorNameOf(row.vendor_code, gameType),
          gameType,
          roundId: row.round_id,
          gameCode: row.game_code,
          gameName:
            placement.gameOf(row.vendor_code, row.game_code)?.names[language] ?? row.game_code,
          status: row.status,
          betMinor: bet.toString(),
          validBetMinor: settled ? bet.toString() : '0',
          winMinor: win.toString(),
          profitMinor: settled ? (win - bet).toString() : '0',
          openedAt: row.opened_at.toISOString(),
          closedAt: row.closed_at?.toISOString() ?? null,
        };
      }),
  );
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    ...page,
    totals: totalsOf(await repository.sumRounds(db, scope)),
  };
};

/** The days a profit and loss covers: what the query names, a week around an open end. */
export const profitLossRangeOf = (
  query: Pick<ProfitLossQuery, 'from' | 'to'>,
  today: string,
): { from: string; to: string } => dayRangeOf(query, today, PROFIT_LOSS_DEFAULT_DAYS);

type Sums = { rounds: number; bet: bigint; valid: bigint; win: bigint; profit: bigint };
const emptySums = (): Sums => ({ rounds: 0, bet: 0n, valid: 0n, win: 0n, profit: 0n });
const addRow = (sums: Sums, row: TotalsRow): void => {
  sums.rounds += row.rounds;
  sums.bet += BigInt(row.bet_minor);
  sums.valid += BigInt(row.valid_bet_minor);
  sums.win += BigInt(row.win_minor);
  sums.profit += BigInt(row.profit_minor);
};
const totalsOfSums = (sums: Sums): BettingTotals => ({
  rounds: sums.rounds,
  betMinor: sums.bet.toString(),
  validBetMinor: sums.valid.toString(),
  winMinor: sums.win.toString(),
  profitMinor: sums.profit.toString(),
});

/**
 * Personal profit and loss (spec section 2, member centre; issue 5 item 7): the member's
 * real-money rounds summed by day (in the merchant's zone) and by category, with the same
 * filters as the betting record, over at most a year.
 */
export const findProfitLoss = async (
  db: Db,
  merchantId: number,
  memberId: number,
  query: ProfitLossQuery,
  now: Date,
): Promise<ProfitLoss> => {
  const [brand, placement] = await Promise.all([
    getMerchantBrand(db, merchantId),
    placementOf(db, merchantId),
  ]);
  const range = profitLossRangeOf(query, zonedIsoDate(now, brand.timeZone));
  const rows = await repository.sumRoundsByDayAndGame(db, {
    merchantId,
    memberId,
    ...range,
    timeZone: brand.timeZone,
    games: gamesScopeOf(placement, query),
  });
  const days = new Map<string, Sums>();
  const categories = new Map<GameCategory | null, Sums>();
  const totals = emptySums();
  for (const row of rows) {
    const category = placement.categoryOf(row.vendor_code, row.game_code);
    if (!days.has(row.day)) days.set(row.day, emptySums());
    if (!categories.has(category)) categories.set(category, emptySums());
    addRow(days.get(row.day) as Sums, row);
    addRow(categories.get(category) as Sums, row);
    addRow(totals, row);
  }
  const order = (category: GameCategory | null) =>
    category ? GAME_CATEGORIES.indexOf(category) : GAME_CATEGORIES.length;
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    ...range,
    days: [...days]
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([day, sums]) => ({ day, ...totalsOfSums(sums) })),
    categories: [...categories]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([gameType, sums]) => ({ gameType, ...totalsOfSums(sums) })),
    totals: totalsOfSums(totals),
  };
};
