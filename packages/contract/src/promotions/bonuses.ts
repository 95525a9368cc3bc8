import { BigIdParamSchema } from '../bounds.ts';
import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { GAME_CATEGORIES } from '../games/categories.ts';
import { MinorUnitsSchema, PositiveMinorUnitsSchema } from '../money.ts';

/**
 * Deposit bonuses with wagering (issue 24 items 2 and 3; decision 021). A claim credits the
 * bonus to the member's locked bonus balance; the member's settled real-money bets after the
 * grant count toward its wagering requirement, weighted by game category, each bet for one
 * grant only (the oldest open one); when the requirement is met the bonus moves to the main
 * wallet, when the grant expires it goes back to the house. Every step is a ledger transfer.
 */

/** What a deposit bonus pays and asks, on its activity (operators write it). */
export const BonusRuleSchema = z
  .object({
    /** Of the deposit, in percent: 100 doubles it. */
    percent: z.number().int().min(1).max(1_000),
    /** The most one grant pays. */
    capMinor: PositiveMinorUnitsSchema,
    /** The smallest deposit the rule pays for. */
    minDepositMinor: MinorUnitsSchema,
    /** The wagering requirement: this many times the basis. */
    wageringMultiplier: z.number().int().min(1).max(100),
    /** What the multiplier applies to: the bonus, or the bonus and the deposit it came with. */
    wageringBasis: z.enum(['bonus', 'bonus_deposit']),
    /** Days from the grant to meet the requirement; after that the bonus is forfeited. */
    validDays: z.number().int().min(1).max(365),
    /**
     * How much of a bet counts toward the requirement, in percent, per game category; a
     * category left out counts nothing.
     */
    contributionPercent: z.partialRecord(z.enum(GAME_CATEGORIES), z.number().int().min(0).max(100)),
    /** The largest bet the member may place while the bonus is open; null for no limit. */
    maxBetMinor: PositiveMinorUnitsSchema.nullable().default(null),
    /** A withdrawal request forfeits the open bonus (true) or is refused until it is met (false). */
    forfeitOnWithdrawal: z.boolean(),
    /** The most the activity pays in all, and to how many members; null for no limit. */
    budgetTotalMinor: PositiveMinorUnitsSchema.nullable(),
    budgetReceivers: z.number().int().min(1).max(10_000_000).nullable(),
  })
  .strict();
export type BonusRule = z.infer<typeof BonusRuleSchema>;

export const BONUS_GRANT_STATUSES = ['active', 'released', 'forfeited'] as const;
export const BonusGrantStatusSchema = z.enum(BONUS_GRANT_STATUSES);
export type BonusGrantStatus = z.infer<typeof BonusGrantStatusSchema>;

/** One bonus of the member: what is locked, what is left to wager and until when. */
export const BonusGrantSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  title: z.string(),
  bonusMinor: MinorUnitsSchema,
  depositMinor: MinorUnitsSchema,
  wageringRequiredMinor: MinorUnitsSchema,
  wageredMinor: MinorUnitsSchema,
  remainingMinor: MinorUnitsSchema,
  contributionPercent: BonusRuleSchema.shape.contributionPercent,
  status: BonusGrantStatusSchema,
  /** Why a forfeited bonus was: its time ran out, or a withdrawal was requested. */
  forfeitReason: z.enum(['expired', 'withdrawal']).nullable(),
  grantedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type BonusGrant = z.infer<typeof BonusGrantSchema>;

export const BonusGrantListSchema = z.object({
  /** The sum of the open bonuses: money the member has but cannot spend or withdraw yet. */
  lockedMinor: MinorUnitsSchema,
  list: z.array(BonusGrantSchema),
});
export type BonusGrantList = z.infer<typeof BonusGrantListSchema>;

const MEMBER_ERRORS = ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN'] as const;

export const findBonusGrants = defineEndpoint({
  method: 'GET',
  path: '/wps/member/bonuses',
  summary:
    "The signed-in member's bonuses, open ones first, newest first: locked amount, wagering " +
    'done and left, expiry; bets settled since the last look are counted first',
  tag: 'promotions',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: BonusGrantListSchema,
  errors: MEMBER_ERRORS,
});

export const claimPromotion = defineEndpoint({
  method: 'POST',
  path: '/wps/member/promotions/:id/claim',
  summary:
    "Claim an activity's bonus: a deposit bonus pays for the member's first deposit (first " +
    'deposit bonus) or latest unpaid one, once; a daily, weekly or newbie bonus or a loss ' +
    'rebate once per period of the merchant zone (period-rewards.ts); a ranking or raffle prize ' +
    '(the raffle promotion claim of spec section 7) once decided (contests.ts); a mission once ' +
    'per period when its target is reached (missions.ts); a burst of claims pays once',
  tag: 'promotions',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  params: z.object({
    id: BigIdParamSchema,
  }),
  value: BonusGrantSchema,
  errors: [
    ...MEMBER_ERRORS,
    'VALIDATION_FAILED',
    'PROMOTION_NOT_FOUND',
    'PROMOTION_CLOSED',
    'PROMOTION_NOT_FOR_YOU',
    'BONUS_NOT_ELIGIBLE',
    'PROMOTION_ALREADY_CLAIMED',
    'PROMOTION_BUDGET_SPENT',
    'CONTEST_NOT_DECIDED',
  ],
});
