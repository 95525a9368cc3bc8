import type { VendorRoundStatus } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import * as repository from './vendor-rounds.repository.ts';
import type { RoundFilter } from './vendor-rounds.repository.ts';

export type { RoundFilter } from './vendor-rounds.repository.ts';

/**
 * One game round as betting records show it (issue 5). Amounts are minor units: `stakeMinor`
 * is what the bets took and kept (debits less rollbacks), `payoutMinor` what the wins paid;
 * the member's result is payout less stake.
 */
export type VendorRound = {
  vendorCode: string;
  roundId: string;
  gameCode: string;
  status: VendorRoundStatus;
  playMoney: boolean;
  stakeMinor: bigint;
  payoutMinor: bigint;
  openedAt: Date;
  closedAt: Date | null;
};

export type VendorRoundPage = {
  list: VendorRound[];
  total: number;
  /** Over every round the filter selects, not only this page. */
  totals: { stakeMinor: bigint; payoutMinor: bigint };
};

const MAX_PAGE_SIZE = 100;

/** A member's rounds, newest first, a page at a time, with the totals of the whole selection. */
export const findVendorRounds = async (
  db: Db,
  filter: RoundFilter,
  page: { pageNo: number; pageSize: number },
): Promise<VendorRoundPage> => {
  const pageSize = Math.min(Math.max(1, Math.trunc(page.pageSize)), MAX_PAGE_SIZE);
  const offset = (Math.max(1, Math.trunc(page.pageNo)) - 1) * pageSize;
  const [rows, summary] = await Promise.all([
    repository.findRounds(db, filter, { limit: pageSize, offset }),
    repository.countRounds(db, filter),
  ]);
  return {
    list: rows.map((row) => ({
      vendorCode: row.vendor_code,
      roundId: row.round_id,
      gameCode: row.game_code,
      status: row.status,
      playMoney: row.play_money,
      stakeMinor: BigInt(row.debit_minor) - BigInt(row.rollback_minor),
      payoutMinor: BigInt(row.credit_minor),
      openedAt: row.opened_at,
      closedAt: row.closed_at,
    })),
    total: summary.total,
    totals: { stakeMinor: BigInt(summary.stake_minor), payoutMinor: BigInt(summary.payout_minor) },
  };
};

/** A member's stakes and payouts per day (in `timeZone`), vendor and game: profit and loss. */
export type VendorRoundDay = {
  day: string;
  vendorCode: string;
  gameCode: string;
  rounds: number;
  stakeMinor: bigint;
  payoutMinor: bigint;
};

export const sumVendorRoundsByDay = async (
  db: Db,
  filter: RoundFilter,
  timeZone: string,
): Promise<VendorRoundDay[]> =>
  (await repository.sumRoundsByDay(db, filter, timeZone)).map((row) => ({
    day: row.day,
    vendorCode: row.vendor_code,
    gameCode: row.game_code,
    rounds: row.rounds,
    stakeMinor: BigInt(row.stake_minor),
    payoutMinor: BigInt(row.payout_minor),
  }));
