import {
  type BonusGrant,
  type Mission,
  type MissionList,
  type MissionRule,
  type MissionStatus,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso } from '../../shared/clock.ts';
import { placementOf } from '../games/index.ts';
import { sumMemberTransfersBetween } from '../ledger/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import { assertOpenTo } from './activity-window.ts';
import { grantTerms, openGrant, withinBudget, type BonusContext } from './bonus-grants.service.ts';
import { hasPeriodGrant } from './bonus-grants.repository.ts';
import * as repository from './missions.repository.ts';
import { findMemberMissions, type PromotionRow } from './promotions.repository.ts';
import { rewardWindowOf, type RewardWindow } from './reward-periods.ts';

type Member = Pick<BonusContext, 'db' | 'merchantId' | 'memberId' | 'now'> & { timeZone: string };

/** A one-time mission counts until its activity ends, if ever (a date the database holds). */
const NEVER = new Date('9999-12-31T00:00:00.000Z');

/**
 * The period a mission is judged and paid for now, and the times its progress counts between:
 * the current day or week of the merchant's zone (from the activity's start at the earliest),
 * or for a one-time mission everything since the activity started.
 */
const periodOf = (ctx: Member, row: PromotionRow, rule: MissionRule) => {
  const window = rewardWindowOf(rule.period, {
    now: ctx.now,
    timeZone: ctx.timeZone,
    activityStart: row.starts_at,
  });
  const from = window.start < row.starts_at ? row.starts_at : window.start;
  const to = rule.period === 'once' ? (row.ends_at ?? NEVER) : window.end;
  return { window, from, to };
};

/** What the member did toward the task in [from, to), in the target's unit. */
const progressOf = async (
  ctx: Member,
  rule: MissionRule,
  from: Date,
  to: Date,
): Promise<bigint> => {
  const member = { merchantId: ctx.merchantId, memberId: ctx.memberId };
  switch (rule.task) {
    case 'login':
      return BigInt(await repository.countLogins(ctx.db, member, from, to));
    case 'invite':
      return BigInt(await repository.countInvites(ctx.db, member, from, to));
    case 'deposit':
      return sumMemberTransfersBetween(ctx.db, { ...member, type: 'deposit' }, from, to);
    case 'valid_bet':
    case 'wins': {
      const [rows, placement] = await Promise.all([
        repository.sumRoundsByGame(ctx.db, member, from, to),
        placementOf(ctx.db, ctx.merchantId),
      ]);
      const counted = new Set(rule.categories);
      let total = 0n;
      for (const row of rows) {
        const category = placement.categoryOf(row.vendor_code, row.game_code);
        if (counted.size > 0 && (category === null || !counted.has(category))) continue;
        total += rule.task === 'wins' ? BigInt(row.wins) : BigInt(row.valid_bet);
      }
      return total;
    }
  }
};

const minOf = (a: bigint, b: bigint) => (a < b ? a : b);

type Progress = { window: RewardWindow; progress: bigint; status: MissionStatus };

/** Where the member stands in a mission's current period. */
const standingOf = async (ctx: Member, row: PromotionRow, rule: MissionRule): Promise<Progress> => {
  const { window, from, to } = periodOf(ctx, row, rule);
  const progress = minOf(await progressOf(ctx, rule, from, to), BigInt(rule.target));
  if (await hasPeriodGrant(ctx.db, Number(row.id), ctx.memberId, window.key))
    return { window, progress, status: 'claimed' };
  return { window, progress, status: progress >= BigInt(rule.target) ? 'claim' : 'join' };
};

/** The status a mission has before the member's progress counts: its period and audience. */
const gateOf = (row: PromotionRow, now: Date): MissionStatus | null => {
  if (row.paused) return 'close';
  if (row.starts_at > now) return 'coming_soon';
  return row.in_audience ? null : 'application_forbidden';
};

/**
 * The member centre's mission activity (issue 24 item 4): each mission of the merchant with
 * the member's progress in its current period and its status; the count of those to claim is
 * the menu's red badge.
 */
export const findMissions = async (ctx: Omit<Member, 'timeZone'>): Promise<MissionList> => {
  const [rows, brand] = await Promise.all([
    findMemberMissions(ctx.db, ctx),
    getMerchantBrand(ctx.db, ctx.merchantId),
  ]);
  const member = { ...ctx, timeZone: brand.timeZone };
  const list = await Promise.all(
    rows.map(async (row): Promise<Mission | null> => {
      const rule = row.mission_rule;
      if (!rule) return null;
      const gate = gateOf(row, ctx.now);
      const standing = gate === null ? await standingOf(member, row, rule) : null;
      return {
        id: Number(row.id),
        title: row.title,
        summary: row.summary,
        rule,
        progress: (standing?.progress ?? 0n).toString(),
        periodEndsAt: rule.period === 'once' || !standing ? null : toIso(standing.window.end),
        status: gate ?? standing?.status ?? 'join',
      };
    }),
  );
  const missions = list.filter((mission): mission is Mission => mission !== null);
  return {
    list: missions,
    claimableCount: missions.filter((mission) => mission.status === 'claim').length,
  };
};

/**
 * Pays a mission's reward, in the claim's transaction with the activity locked: once per
 * member and period, when the period's progress reaches the target, within the budget.
 */
export const payMissionReward = async (
  tx: Db,
  ctx: BonusContext,
  row: PromotionRow,
): Promise<BonusGrant> => {
  const rule = row.mission_rule;
  if (!rule) throw new AppError('BONUS_NOT_ELIGIBLE');
  assertOpenTo(row, ctx.now);
  const { timeZone } = await getMerchantBrand(tx, ctx.merchantId);
  const standing = await standingOf({ ...ctx, db: tx, timeZone }, row, rule);
  if (standing.status === 'claimed') throw new AppError('PROMOTION_ALREADY_CLAIMED');
  if (standing.status !== 'claim') throw new AppError('BONUS_NOT_ELIGIBLE');
  const promotionId = Number(row.id);
  const amountMinor = await withinBudget(tx, promotionId, rule, BigInt(rule.rewardMinor));
  return openGrant(tx, ctx, {
    merchantId: ctx.merchantId,
    memberId: ctx.memberId,
    promotionId,
    paidFor: { periodKey: standing.window.key },
    depositMinor: 0n,
    bonusMinor: amountMinor,
    wageringRequiredMinor: amountMinor * BigInt(rule.wageringMultiplier),
    ...grantTerms(rule, ctx.now),
  });
};
