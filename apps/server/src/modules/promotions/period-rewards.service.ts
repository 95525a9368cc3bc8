import {
  isRewardKind,
  type BonusGrant,
  type PromotionStatus,
  type RewardRule,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { sumMemberTransfersBetween } from '../ledger/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import { assertOpenTo } from './activity-window.ts';
import { grantTerms, openGrant, withinBudget, type BonusContext } from './bonus-grants.service.ts';
import { hasPeriodGrant } from './bonus-grants.repository.ts';
import { sumMemberRounds } from './period-rewards.repository.ts';
import type { PromotionRow } from './promotions.repository.ts';
import { rewardWindowOf, type RewardWindow } from './reward-periods.ts';

/** Who asks and when, with the merchant's zone the periods are days and weeks of. */
type Member = Pick<BonusContext, 'db' | 'merchantId' | 'memberId' | 'now'> & { timeZone: string };

/**
 * What a period reward would pay the member now (issue 24 item 2; decision 023), and for which
 * period: a bonus is judged by the current period, a loss rebate by the one before it (the loss
 * it pays back is over). Zero when the period's deposit or valid bet is short of the rule's, or
 * its basis (deposits for a reload, the net loss for a rebate) is nothing.
 */
export const rewardDue = async (
  ctx: Member,
  row: PromotionRow,
  rule: RewardRule,
): Promise<{ window: RewardWindow; amountMinor: bigint }> => {
  const onLoss = rule.amount.type === 'loss_percent';
  const window = rewardWindowOf(
    rule.period,
    { now: ctx.now, timeZone: ctx.timeZone, activityStart: row.starts_at },
    onLoss ? 1 : 0,
  );
  // A period that began before the activity counts only from its start.
  const from = window.start < row.starts_at ? row.starts_at : window.start;
  const member = { merchantId: ctx.merchantId, memberId: ctx.memberId };
  const [deposited, rounds] = await Promise.all([
    sumMemberTransfersBetween(ctx.db, { ...member, type: 'deposit' }, from, window.end),
    sumMemberRounds(ctx.db, member, from, window.end),
  ]);
  const qualifies =
    deposited >= BigInt(rule.minDepositMinor) &&
    rounds.validBetMinor >= BigInt(rule.minValidBetMinor);
  if (!qualifies) return { window, amountMinor: 0n };
  const { amount } = rule;
  if (amount.type === 'fixed') return { window, amountMinor: BigInt(amount.minor) };
  const basis = amount.type === 'deposit_percent' ? deposited : rounds.netLossMinor;
  const share = (basis * BigInt(amount.percent)) / 100n;
  const cap = BigInt(amount.capMinor);
  return { window, amountMinor: share <= 0n ? 0n : share < cap ? share : cap };
};

/** A member's status of a period reward open to them: claimed for this period, claim, or join. */
export const rewardStatusOf = async (ctx: Member, row: PromotionRow): Promise<PromotionStatus> => {
  if (!row.reward_rule) return 'join';
  const due = await rewardDue(ctx, row, row.reward_rule);
  if (await hasPeriodGrant(ctx.db, Number(row.id), ctx.memberId, due.window.key)) return 'claimed';
  return due.amountMinor > 0n ? 'claim' : 'join';
};

/**
 * Pays a period reward, in the claim's transaction with the activity locked: once per member
 * and period, within the budget, as a grant (with the rule's wagering, or straight to the main
 * wallet without any).
 */
export const payPeriodReward = async (
  tx: Db,
  ctx: BonusContext,
  row: PromotionRow,
): Promise<BonusGrant> => {
  const rule = row.reward_rule;
  if (!isRewardKind(row.kind) || !rule) throw new AppError('BONUS_NOT_ELIGIBLE');
  assertOpenTo(row, ctx.now);
  const promotionId = Number(row.id);
  const { timeZone } = await getMerchantBrand(tx, ctx.merchantId);
  const due = await rewardDue({ ...ctx, db: tx, timeZone }, row, rule);
  if (await hasPeriodGrant(tx, promotionId, ctx.memberId, due.window.key))
    throw new AppError('PROMOTION_ALREADY_CLAIMED');
  if (due.amountMinor <= 0n) throw new AppError('BONUS_NOT_ELIGIBLE');
  const amountMinor = await withinBudget(tx, promotionId, rule, due.amountMinor);
  return openGrant(tx, ctx, {
    merchantId: ctx.merchantId,
    memberId: ctx.memberId,
    promotionId,
    paidFor: { periodKey: due.window.key },
    depositMinor: 0n,
    bonusMinor: amountMinor,
    wageringRequiredMinor: amountMinor * BigInt(rule.wageringMultiplier),
    ...grantTerms(rule, ctx.now),
  });
};
