import { z } from 'zod';
import { GAME_CATEGORIES } from '../games/categories.ts';
import { MinorUnitsSchema, PositiveMinorUnitsSchema } from '../money.ts';
import { ruleIssue } from '../rules.ts';

/**
 * Period rewards (issue 24 item 2; decision 023): the daily and weekly bonuses, the newbie
 * bonus and the loss rebate. A member claims one once per period of the merchant's zone (a
 * day, a week from Monday, or once at all) when the period's conditions hold: a fixed amount or
 * a percent of the period's deposits; a loss rebate pays a percent of the member's net loss
 * over the period before the current one. The reward
 * is paid as a bonus grant: with a wagering requirement it waits in the bonus balance like a
 * deposit bonus, without one it goes to the main wallet at once.
 */
export const REWARD_KINDS = ['daily_bonus', 'weekly_bonus', 'newbie_bonus', 'loss_rebate'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
export const isRewardKind = (kind: string): kind is RewardKind =>
  (REWARD_KINDS as readonly string[]).includes(kind);

export const REWARD_PERIODS = ['day', 'week', 'once'] as const;
export const RewardPeriodSchema = z.enum(REWARD_PERIODS);
export type RewardPeriod = z.infer<typeof RewardPeriodSchema>;

/**
 * What a claim pays: a fixed amount; a percent of what the member deposited in the period (a
 * reload), capped; or a percent of the last period's net loss, capped (a loss rebate).
 */
export const RewardAmountSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fixed'), minor: PositiveMinorUnitsSchema }).strict(),
  z
    .object({
      type: z.literal('deposit_percent'),
      percent: z.number().int().min(1).max(1_000),
      capMinor: PositiveMinorUnitsSchema,
    })
    .strict(),
  z
    .object({
      type: z.literal('loss_percent'),
      percent: z.number().int().min(1).max(100),
      capMinor: PositiveMinorUnitsSchema,
    })
    .strict(),
]);
export type RewardAmount = z.infer<typeof RewardAmountSchema>;

export const RewardRuleSchema = z
  .object({
    period: RewardPeriodSchema,
    amount: RewardAmountSchema,
    /**
     * What the member must have done in the period the claim is judged by (the current one for
     * a bonus, the one before for a loss rebate): deposited and validly bet at least this much.
     */
    minDepositMinor: MinorUnitsSchema,
    minValidBetMinor: MinorUnitsSchema,
    /** Times the reward to wager before it is released; 0 pays it to the main wallet at once. */
    wageringMultiplier: z.number().int().min(0).max(100),
    /** Days to meet the requirement (a requirement only). */
    validDays: z.number().int().min(1).max(365),
    /** How much of a bet counts toward the requirement, per game category, in percent. */
    contributionPercent: z.partialRecord(z.enum(GAME_CATEGORIES), z.number().int().min(0).max(100)),
    maxBetMinor: PositiveMinorUnitsSchema.nullable(),
    forfeitOnWithdrawal: z.boolean(),
    budgetTotalMinor: PositiveMinorUnitsSchema.nullable(),
    budgetReceivers: z.number().int().min(1).max(10_000_000).nullable(),
  })
  .strict();
export type RewardRule = z.infer<typeof RewardRuleSchema>;

/** The period each kind runs by, and whether it pays on losses: the rule must agree with its kind. */
const KIND_TERMS: Record<RewardKind, { periods: readonly RewardPeriod[]; onLoss: boolean }> = {
  daily_bonus: { periods: ['day'], onLoss: false },
  weekly_bonus: { periods: ['week'], onLoss: false },
  newbie_bonus: { periods: ['once'], onLoss: false },
  loss_rebate: { periods: ['day', 'week'], onLoss: true },
};

/** The issues of a reward rule on an activity of `kind` (the draft's refinement adds them). */
export const rewardRuleIssues = (kind: RewardKind, rule: RewardRule) => {
  const terms = KIND_TERMS[kind];
  const issues = [];
  if (!terms.periods.includes(rule.period))
    issues.push(ruleIssue(`a period of ${terms.periods.join(' or ')}`, ['rewardRule', 'period']));
  if (terms.onLoss !== (rule.amount.type === 'loss_percent'))
    issues.push(
      ruleIssue('a percent of the loss for a loss rebate, and only for one', [
        'rewardRule',
        'amount',
      ]),
    );
  return issues;
};
