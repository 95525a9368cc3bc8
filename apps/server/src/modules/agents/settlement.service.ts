import type { ContractKind, ContractTerms, DividendPeriod } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { addDays, startOfZonedDay, zonedIsoDate } from '../../shared/day-range.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
} from '../ledger/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import { freezeMember } from '../wallet/index.ts';
import { payoutOf, type PayoutFigures, type PlayerPeriod } from './payout-rules.ts';
import * as repository from './settlement.repository.ts';
import type { InForceRow } from './settlement.repository.ts';

/** A node holds a run this long; one that stopped is taken up again after it. */
const LEASE_MS = 5 * 60_000;
/** Real-time salary pays every five minutes (spec section 9), for the five minutes before. */
export const SLOT_MS = 5 * 60_000;
/** A round settled at the end of a slot commits a moment later: a window is paid after this. */
export const SETTLE_LAG_MS = 30_000;
/** An upline pays a dividend it owes within a day of the period's end, or the house does. */
export const DIVIDEND_GRACE_MS = 24 * 3_600_000;
/** Payouts written a transaction (measured in the bench: one a transaction cost 5 ms each). */
const PAYOUTS_PER_TRANSACTION = 50;
/** How far back a tick catches up missed periods (a node down for a weekend, say). */
const CATCH_UP_DAYS = 7;

export type Period = { start: Date; end: Date };

export type SettlementContext = { db: Db; merchantId: number; now: Date };

const keyOf = (contractId: string, start: Date) => `agent-pay:${contractId}:${start.toISOString()}`;

/** The money side of one payout: upline (or house) to the agent, forced when the upline can't. */
const pay = async (
  tx: Db,
  ctx: SettlementContext,
  contract: InForceRow,
  kind: ContractKind,
  period: Period,
  amountMinor: bigint,
): Promise<{ status: 'paid' | 'forced'; transferId: number }> => {
  const type = kind === 'dividend' ? 'dividend' : 'salary';
  const payee = await getOrCreateMemberAccount(tx, ctx.merchantId, Number(contract.downline_id), {
    kind: 'main',
  });
  const house = await getOrCreateHouseAccount(tx, ctx.merchantId, { kind: type });
  const post = (from: number, suffix: string) =>
    postTransfer(
      tx,
      {
        merchantId: ctx.merchantId,
        type,
        idempotencyKey: `${keyOf(contract.id, period.start)}${suffix}`,
        reference: `contract:${contract.id}`,
        entries: moveEntries(from, payee.id, amountMinor),
      },
      { now: ctx.now },
    );
  if (contract.upline_id === null) {
    return { status: 'paid', transferId: (await post(house.id, '')).transferId };
  }
  const payer = await getOrCreateMemberAccount(tx, ctx.merchantId, Number(contract.upline_id), {
    kind: 'main',
  });
  try {
    return { status: 'paid', transferId: (await post(payer.id, '')).transferId };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code !== 'INSUFFICIENT_BALANCE' && error.code !== 'ACCOUNT_FROZEN') throw error;
  }
  await forceFrom(tx, ctx, contract.upline_id);
  return { status: 'forced', transferId: (await post(house.id, ':forced')).transferId };
};

/** The upline that did not pay is frozen (spec section 4); the house pays its downline. */
const forceFrom = async (tx: Db, ctx: SettlementContext, uplineId: string) => {
  const row = await tx.one<{ username: string }>('SELECT username FROM members WHERE id = $1', [
    uplineId,
  ]);
  await freezeMember(
    tx,
    { merchantId: ctx.merchantId, memberId: Number(uplineId), username: row.username },
    { actor: 'system:agents', reason: 'did not pay what its contracts owe', now: ctx.now },
  );
};

/** The figures of each agent's team: per bucket, per player. */
const teamFiguresOf = async (
  ctx: SettlementContext,
  agentIds: readonly number[],
  period: Period,
  bucket: '5 minutes' | '1 hour' | null,
): Promise<Map<string, Map<number, PlayerPeriod[]>>> => {
  const teams = new Map<string, Map<number, PlayerPeriod[]>>();
  const CHUNK = 1_000;
  for (let index = 0; index < agentIds.length; index += CHUNK) {
    const rows = await repository.findTeamPlayers(
      ctx.db,
      ctx.merchantId,
      agentIds.slice(index, index + CHUNK),
      period,
      bucket,
    );
    for (const row of rows) {
      const buckets = teams.get(row.agent_id) ?? new Map<number, PlayerPeriod[]>();
      teams.set(row.agent_id, buckets);
      const at = new Date(row.bucket).getTime();
      const players = buckets.get(at) ?? [];
      buckets.set(at, players);
      players.push({
        validBetMinor: BigInt(row.valid_bet_minor),
        profitMinor: BigInt(row.profit_minor),
      });
    }
  }
  return teams;
};

/** A contract's payout over the period: summed over its hours for hourly salaries. */
const figuresOf = (terms: ContractTerms, buckets: Map<number, PlayerPeriod[]> | undefined) => {
  const total: PayoutFigures = {
    validBetMinor: 0n,
    lossMinor: 0n,
    activeMembers: 0,
    amountMinor: 0n,
  };
  for (const players of buckets?.values() ?? []) {
    const figures = payoutOf(terms, players);
    total.validBetMinor += figures.validBetMinor;
    total.lossMinor += figures.lossMinor;
    total.activeMembers = Math.max(total.activeMembers, figures.activeMembers);
    total.amountMinor += figures.amountMinor;
  }
  return total;
};

/** One contract's payout for a period: paid, owed (a dividend to an upline) or nothing. */
const payContract = async (
  tx: Db,
  ctx: SettlementContext,
  contract: InForceRow,
  kind: ContractKind,
  period: Period,
  team: Map<number, PlayerPeriod[]> | undefined,
) => {
  const figures = figuresOf(contract.terms, team);
  const owed = kind === 'dividend' && contract.upline_id !== null;
  const payment =
    figures.amountMinor === 0n || owed
      ? null
      : await pay(tx, ctx, contract, kind, period, figures.amountMinor);
  await repository.insertPayout(tx, {
    merchantId: ctx.merchantId,
    contractId: Number(contract.id),
    kind,
    ...period,
    payerId: contract.upline_id === null ? null : Number(contract.upline_id),
    payeeId: Number(contract.downline_id),
    ...figures,
    status: figures.amountMinor === 0n ? 'nothing' : owed ? 'due' : (payment?.status ?? 'paid'),
    transferId: payment?.transferId ?? null,
    dueAt:
      owed && figures.amountMinor > 0n ? new Date(period.end.getTime() + DIVIDEND_GRACE_MS) : null,
    now: ctx.now,
  });
};

/**
 * What a contract's terms would pay one agent's team over a period, each bucket (five minutes,
 * an hour, or the whole period) by its own tiers: the preview before an offer.
 */
export const figuresOfPeriod = async (
  ctx: SettlementContext,
  agentId: number,
  terms: ContractTerms,
  period: Period,
  bucket: '5 minutes' | '1 hour' | null,
): Promise<PayoutFigures> => {
  const teams = await teamFiguresOf(ctx, [agentId], period, bucket);
  return figuresOf(terms, teams.get(String(agentId)));
};

/**
 * One period's run for one kind (issue 22 item 4; decision 020): every contract in force at the
 * period's end that has no payout for it yet, uplines first, each paid in its own transaction
 * with its payout row, so a run that stopped is finished by the next claim and pays no one
 * twice. Null when another node holds the run or it is done.
 */
export const runSettlement = async (
  ctx: SettlementContext,
  kind: ContractKind,
  period: Period,
  /** Dividends: the period each contract settles over (the run's when it ends with it). */
  periodOfContract: (terms: ContractTerms) => Period | null = () => period,
): Promise<number | null> => {
  const run = await repository.claimRun(ctx.db, {
    merchantId: ctx.merchantId,
    kind,
    ...period,
    now: ctx.now,
    leaseUntil: new Date(ctx.now.getTime() + LEASE_MS),
  });
  if (!run) return null;
  const contracts = (
    await repository.findUnpaidInForce(ctx.db, ctx.merchantId, kind, period.end)
  ).filter((contract) => periodOfContract(contract.terms) !== null);
  // Contracts of one period share one read of the teams (dividends of D, W, H and M differ).
  const byPeriod = new Map<number, InForceRow[]>();
  for (const contract of contracts) {
    const own = periodOfContract(contract.terms) as Period;
    byPeriod.set(own.start.getTime(), [...(byPeriod.get(own.start.getTime()) ?? []), contract]);
  }
  let paid = 0;
  for (const [startMs, group] of byPeriod) {
    const own = { start: new Date(startMs), end: period.end };
    const ids = group.map((contract) => Number(contract.downline_id));
    const teams = await teamFiguresOf(ctx, ids, own, kind === 'hourly_salary' ? '1 hour' : null);
    // A chunk of contracts a transaction: each payout row with its transfer, so a run that
    // stops leaves whole chunks behind it, and ten thousand agents are not ten thousand commits.
    for (let index = 0; index < group.length; index += PAYOUTS_PER_TRANSACTION) {
      const chunk = group.slice(index, index + PAYOUTS_PER_TRANSACTION);
      await ctx.db.transaction(async (tx) => {
        for (const contract of chunk) {
          await payContract(tx, ctx, contract, kind, own, teams.get(contract.downline_id));
        }
      });
      paid += chunk.length;
    }
  }
  await repository.finishRun(ctx.db, Number(run.id), ctx.now);
  return paid;
};

/**
 * Dividends an upline still owes after their grace (spec section 4): the upline is frozen and
 * the house pays the downline. Or one the upline pays itself, by id, from its own wallet.
 */
export const settleDueDividends = async (
  ctx: SettlementContext,
  which: { overdueAt: Date } | { id: number; payerId: number },
): Promise<number> =>
  ctx.db.transaction(async (tx) => {
    const rows = await repository.findDue(tx, ctx.merchantId, which);
    for (const row of rows) {
      if ('payerId' in which && Number(row.payer_id) !== which.payerId) {
        throw new AppError('NOT_FOUND');
      }
      const payee = await getOrCreateMemberAccount(tx, ctx.merchantId, Number(row.payee_id), {
        kind: 'main',
      });
      const byUpline = 'payerId' in which;
      if (!byUpline) await forceFrom(tx, ctx, row.payer_id);
      const from = byUpline
        ? await getOrCreateMemberAccount(tx, ctx.merchantId, Number(row.payer_id), { kind: 'main' })
        : await getOrCreateHouseAccount(tx, ctx.merchantId, { kind: 'dividend' });
      const transfer = await postTransfer(
        tx,
        {
          merchantId: ctx.merchantId,
          type: 'dividend',
          idempotencyKey: `${keyOf(row.contract_id, row.period_start)}${byUpline ? '' : ':forced'}`,
          reference: `contract:${row.contract_id}`,
          entries: moveEntries(from.id, payee.id, BigInt(row.amount_minor)),
        },
        { now: ctx.now },
      );
      await repository.settleDue(
        tx,
        Number(row.id),
        byUpline ? 'paid' : 'forced',
        transfer.transferId,
        ctx.now,
      );
    }
    return rows.length;
  });

const floorTo = (instant: number, step: number) => Math.floor(instant / step) * step;

/** The real-time windows to pay now: each finished five minutes from where the runs stand. */
export const realtimeWindowsDue = (lastEnd: Date | null, now: Date): Period[] => {
  const latestEnd = floorTo(now.getTime() - SETTLE_LAG_MS, SLOT_MS);
  const earliest = latestEnd - CATCH_UP_DAYS * 86_400_000;
  let start = lastEnd ? Math.max(lastEnd.getTime(), earliest) : latestEnd - SLOT_MS;
  const windows: Period[] = [];
  for (; start + SLOT_MS <= latestEnd; start += SLOT_MS) {
    windows.push({ start: new Date(start), end: new Date(start + SLOT_MS) });
  }
  return windows;
};

/** The merchant's days that ended since the last run (the days before today, in its zone). */
export const daysDue = (lastEnd: Date | null, now: Date, timeZone: string): Period[] => {
  const today = zonedIsoDate(new Date(now.getTime() - SETTLE_LAG_MS), timeZone);
  const days: Period[] = [];
  for (let back = CATCH_UP_DAYS; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    const period = {
      start: startOfZonedDay(day, timeZone),
      end: startOfZonedDay(addDays(day, 1), timeZone),
    };
    if (!lastEnd || period.start >= lastEnd) days.push(period);
  }
  return days;
};

/**
 * The dividend period of a contract that ends with the day (spec section 3: daily, weekly from
 * Monday, semimonthly from the 1st and the 16th, monthly), or null when it does not end then.
 */
export const dividendPeriodOf = (
  period: DividendPeriod,
  day: string,
  timeZone: string,
): Period | null => {
  const next = addDays(day, 1);
  const end = startOfZonedDay(next, timeZone);
  const [, , dd] = next.split('-');
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const firstDay = (): string => {
    switch (period) {
      case 'D':
        return day;
      case 'W':
        return addDays(day, -6);
      case 'H':
        return Number(day.slice(8)) > 15 ? `${day.slice(0, 8)}16` : `${day.slice(0, 8)}01`;
      case 'M':
        return `${day.slice(0, 8)}01`;
    }
  };
  const ends =
    period === 'D' ||
    (period === 'W' && weekday === 0) ||
    (period === 'H' && (dd === '01' || dd === '16')) ||
    (period === 'M' && dd === '01');
  return ends ? { start: startOfZonedDay(firstDay(), timeZone), end } : null;
};

/** One tick of the settlements for a merchant: whatever periods have ended, each once. */
export const settleMerchant = async (ctx: SettlementContext): Promise<void> => {
  const { timeZone } = await getMerchantBrand(ctx.db, ctx.merchantId);
  const realtimeFrom = await repository.resumeFrom(ctx.db, ctx.merchantId, 'realtime_salary');
  for (const window of realtimeWindowsDue(realtimeFrom, ctx.now)) {
    await runSettlement(ctx, 'realtime_salary', window);
  }
  for (const kind of ['daily_salary', 'hourly_salary', 'dividend'] as const) {
    const from = await repository.resumeFrom(ctx.db, ctx.merchantId, kind);
    for (const day of daysDue(from, ctx.now, timeZone)) {
      const iso = zonedIsoDate(day.start, timeZone);
      await runSettlement(ctx, kind, day, (terms) =>
        kind === 'dividend' ? dividendPeriodOf(terms.period ?? 'D', iso, timeZone) : day,
      );
    }
  }
  await settleDueDividends(ctx, { overdueAt: ctx.now });
};
