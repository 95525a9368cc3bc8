import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { GAME_CATEGORIES } from '../games/categories.ts';
import { MinorUnitsSchema, PositiveMinorUnitsSchema } from '../money.ts';
import { ruleIssue } from '../rules.ts';
import { RewardPeriodSchema } from './period-rewards.ts';

/**
 * Missions (issue 24 item 4; decision 025): daily, weekly and one-time tasks of the member
 * centre's mission activity. Each is an activity of kind `mission` whose rule names a task and
 * its target over a period of the merchant's zone (a day, a week from Monday, or once from the
 * activity's start); progress is read from what the member really did in that period, and a
 * mission whose target is reached is claimed once per period for its reward.
 */
export const MISSION_TASKS = [
  /** Sign in to the site `target` times. */
  'login',
  /** Deposit `target` minor units in all. */
  'deposit',
  /** Bet `target` minor units of valid bet (in the rule's categories). */
  'valid_bet',
  /** Win `target` settled rounds (paid back more than staked; in the rule's categories). */
  'wins',
  /** Bring `target` new members who register with the member's referral code. */
  'invite',
] as const;
export const MissionTaskSchema = z.enum(MISSION_TASKS);
export type MissionTask = z.infer<typeof MissionTaskSchema>;

/** The tasks counted in money (minor units); the others count times. */
export const MONEY_TASKS: readonly MissionTask[] = ['deposit', 'valid_bet'];
/** The tasks counted over game rounds, which a rule may narrow to some categories. */
export const ROUND_TASKS: readonly MissionTask[] = ['valid_bet', 'wins'];

export const MissionRuleSchema = z
  .object({
    period: RewardPeriodSchema,
    task: MissionTaskSchema,
    /** The task's target: minor units for a deposit or valid bet, a count for the others. */
    target: PositiveMinorUnitsSchema,
    /** The categories whose rounds count (valid bet and wins only); empty counts every one. */
    categories: z.array(z.enum(GAME_CATEGORIES)).max(GAME_CATEGORIES.length),
    rewardMinor: PositiveMinorUnitsSchema,
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
export type MissionRule = z.infer<typeof MissionRuleSchema>;

/** The issues of a mission rule (the draft's refinement adds them). */
export const missionRuleIssues = (rule: MissionRule) =>
  !ROUND_TASKS.includes(rule.task) && rule.categories.length > 0
    ? [ruleIssue('categories only for a valid bet or wins task', ['missionRule', 'categories'])]
    : [];

export const MissionStatusSchema = z.enum([
  /** Under way: the target is not reached in this period. */
  'join',
  'claim',
  /** Claimed for this period; a daily or weekly mission opens again with the next one. */
  'claimed',
  'coming_soon',
  'close',
  'application_forbidden',
]);
export type MissionStatus = z.infer<typeof MissionStatusSchema>;

export const MissionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  rule: MissionRuleSchema,
  /** How far the member is in the current period, in the target's unit, at most the target. */
  progress: MinorUnitsSchema,
  /** When the current period ends (the next day or Monday); null for a one-time mission. */
  periodEndsAt: z.iso.datetime().nullable(),
  status: MissionStatusSchema,
});
export type Mission = z.infer<typeof MissionSchema>;

export const MissionListSchema = z.object({
  list: z.array(MissionSchema),
  /** Missions the member can claim now: the member centre's red badge. */
  claimableCount: z.number().int().min(0),
});
export type MissionList = z.infer<typeof MissionListSchema>;

export const findMissions = defineEndpoint({
  method: 'GET',
  path: '/wps/member/missions',
  summary:
    "The merchant's missions with the signed-in member's progress in the current period and " +
    'status; claimed through the promotions claim call',
  tag: 'promotions',
  auth: 'member',
  // A trial's play money takes part in nothing (spec section 6).
  roles: REAL_ACCOUNT_ROLES,
  value: MissionListSchema,
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN'],
});
