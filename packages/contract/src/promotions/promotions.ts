import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { MinorUnitsSchema } from '../money.ts';
import { MerchantCodeSchema, OpsRowParamsSchema } from '../ops/ops-params.ts';
import { ruleIssue } from '../rules.ts';
import { BonusRuleSchema } from './bonuses.ts';
import { isRewardKind, rewardRuleIssues, RewardRuleSchema } from './period-rewards.ts';
import { contestRuleIssues, ContestRuleSchema, isContestKind } from './contests.ts';
import { missionRuleIssues, MissionRuleSchema } from './missions.ts';
import { EnvelopeRuleSchema } from './red-envelopes.ts';
import { OperatorReasonSchema, shownText, UsernameTextSchema } from '../text.ts';

/**
 * The promotions centre (spec section 2; issue 24 item 1): the merchant's activities, each in
 * one or more of the spec's categories, with its period, its audience and its status for the
 * caller. The rules that pay (bonuses, rebates, missions) come with issue 24's rules engine.
 */

/** The spec's promotion categories, 'all' aside (it is every activity). */
export const PROMOTION_CATEGORIES = [
  'sports',
  'live_casino',
  'slots',
  'card_games',
  'fish',
  'lotto',
  'rebate',
  'points_mall',
  'ranking',
  'deposit',
  'app_download',
  'newbie',
  'limited',
  'special',
  'daily',
  'high_rebate',
  'vip',
] as const;
export const PromotionCategorySchema = z.enum(PROMOTION_CATEGORIES);
export type PromotionCategory = z.infer<typeof PromotionCategorySchema>;

/** The kinds of activity operators run (issue 24 item 2). */
export const PROMOTION_KINDS = [
  'first_deposit_bonus',
  'deposit_bonus',
  'daily_bonus',
  'weekly_bonus',
  'newbie_bonus',
  'loss_rebate',
  'turnover_ranking',
  'app_download_bonus',
  'apply_review',
  'red_envelope',
  'raffle',
  'mission',
] as const;
export const PromotionKindSchema = z.enum(PROMOTION_KINDS);
/** The kinds that pay a bonus on a deposit, by a bonus rule (bonuses.ts). */
export const DEPOSIT_BONUS_KINDS: readonly PromotionKind[] = [
  'first_deposit_bonus',
  'deposit_bonus',
];
export type PromotionKind = z.infer<typeof PromotionKindSchema>;

/**
 * An activity's status for the caller (spec section 4, activity statuses). The centre answers
 * the ones its period and audience decide: not started yet, open to join, closed, or not for
 * this caller; joining, claiming and applying add the others as the rules engine lands.
 */
export const PROMOTION_STATUSES = [
  'join',
  'claim',
  'applying',
  'close',
  'rejected',
  'issued',
  'claimed',
  'process',
  'joined',
  'coming_soon',
  'application_forbidden',
] as const;
export const PromotionStatusSchema = z.enum(PROMOTION_STATUSES);
export type PromotionStatus = z.infer<typeof PromotionStatusSchema>;

/**
 * Who an activity is for: everyone of the merchant, or narrowed to members registered within
 * some days (newbies), or to one agent's team.
 */
export const PromotionAudienceSchema = z
  .object({
    newMembersWithinDays: z.number().int().min(1).max(3650).nullable(),
    /** An agent's account: only its team (at any depth) may take part. */
    agentTeamOf: UsernameTextSchema.nullable(),
  })
  .strict();
export type PromotionAudience = z.infer<typeof PromotionAudienceSchema>;

export const PromotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** Sanitised HTML of the rules and terms, as operators wrote them. */
  content: z.string(),
  imageUrl: z.string().nullable(),
  kind: PromotionKindSchema,
  categories: z.array(PromotionCategorySchema).min(1),
  startsAt: z.iso.datetime(),
  /** Null: until the operators end it. */
  endsAt: z.iso.datetime().nullable(),
  audience: PromotionAudienceSchema,
  /** What a deposit bonus pays and asks; null for the other kinds. */
  bonusRule: BonusRuleSchema.nullable(),
  /** A red envelope's pool and shares; null for the other kinds. */
  envelopeRule: EnvelopeRuleSchema.nullable(),
  /** A daily, weekly or newbie bonus's or a loss rebate's rule; null for the other kinds. */
  rewardRule: RewardRuleSchema.nullable(),
  /** A turnover ranking's or a raffle's rule; null for the other kinds. */
  contestRule: ContestRuleSchema.nullable(),
  /** A mission's task and reward; null for the other kinds. */
  missionRule: MissionRuleSchema.nullable(),
  status: PromotionStatusSchema,
});
export type Promotion = z.infer<typeof PromotionSchema>;

export const PromotionListSchema = z.object({ list: z.array(PromotionSchema) });
export type PromotionList = z.infer<typeof PromotionListSchema>;

const PromotionQuerySchema = z
  .object({ category: z.union([z.literal('all'), PromotionCategorySchema]).default('all') })
  .strict();
export type PromotionQuery = z.input<typeof PromotionQuerySchema>;

export const findPromotions = defineEndpoint({
  method: 'GET',
  path: '/wps/promotions',
  summary:
    "The merchant's running and coming activities of a category, in display order, with the " +
    "status a visitor sees (an activity with an audience is 'application forbidden' until " +
    'signed in)',
  tag: 'promotions',
  auth: 'public',
  query: PromotionQuerySchema,
  value: PromotionListSchema,
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});

export const findMemberPromotions = defineEndpoint({
  method: 'GET',
  path: '/wps/member/promotions',
  summary:
    "The merchant's running and coming activities of a category, with the signed-in member's " +
    'status of each (its audience decides)',
  tag: 'promotions',
  auth: 'member',
  query: PromotionQuerySchema,
  value: PromotionListSchema,
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND', 'UNAUTHORIZED'],
});

/**
 * What the member can claim now (spec section 3, Public state `availablePromoCount` and
 * `availablePromo`): the activities whose status for them is claim, in display order. The
 * reward centre's red badge shows the count.
 */
export const AvailablePromotionsSchema = z.object({
  availablePromoCount: z.number().int().min(0),
  availablePromo: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type AvailablePromotions = z.infer<typeof AvailablePromotionsSchema>;

export const getAvailablePromotions = defineEndpoint({
  method: 'GET',
  path: '/wps/member/promotions/available',
  summary:
    "The activities the signed-in member can claim now (status claim), for the reward centre's " +
    'red badge',
  tag: 'promotions',
  auth: 'member',
  // A trial's play money takes part in nothing (spec section 6): it has no badge to fetch.
  roles: REAL_ACCOUNT_ROLES,
  value: AvailablePromotionsSchema,
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN'],
});

/** What an operator writes: the activity without its id and the caller's status. */
export const PromotionDraftSchema = z
  .object({
    title: shownText(120, { min: 1, trim: true }),
    summary: shownText(300, { trim: true }),
    /** HTML; the server keeps it sanitised. */
    content: shownText(65_536, { multiline: true }),
    /** An address on this site (`/media/...`) or an https one. */
    imageUrl: shownText(2048, { min: 1, trim: true }).nullable(),
    kind: PromotionKindSchema,
    categories: z.array(PromotionCategorySchema).min(1).max(PROMOTION_CATEGORIES.length),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime().nullable(),
    audience: PromotionAudienceSchema,
    /** Lower first in the centre. */
    sort: z.number().int().min(0).max(10_000),
    /** Paused: shown as closed until resumed. */
    paused: z.boolean(),
    /** Required for a first-deposit or deposit bonus, absent (null) for the other kinds. */
    bonusRule: BonusRuleSchema.nullable().default(null),
    /** Required for a red envelope (which must also end), absent (null) for the other kinds. */
    envelopeRule: EnvelopeRuleSchema.nullable().default(null),
    /** Required for a daily, weekly or newbie bonus or a loss rebate, null for the other kinds. */
    rewardRule: RewardRuleSchema.nullable().default(null),
    /** Required for a turnover ranking or a raffle (which must also end), null for the others. */
    contestRule: ContestRuleSchema.nullable().default(null),
    /** Required for a mission, null for the other kinds. */
    missionRule: MissionRuleSchema.nullable().default(null),
    reason: OperatorReasonSchema,
  })
  .strict()
  .superRefine((draft, context) => {
    if (draft.imageUrl !== null && !/^(https:\/\/|\/(?!\/))\S+$/u.test(draft.imageUrl)) {
      context.addIssue(ruleIssue('an address of this site or an https one', ['imageUrl']));
    }
    if (DEPOSIT_BONUS_KINDS.includes(draft.kind) !== (draft.bonusRule !== null)) {
      context.addIssue(
        ruleIssue('a bonus rule with a deposit bonus, and only with one', ['bonusRule']),
      );
    }
    if ((draft.kind === 'red_envelope') !== (draft.envelopeRule !== null)) {
      context.addIssue(
        ruleIssue('an envelope rule with a red envelope, and only with one', ['envelopeRule']),
      );
    }
    if (isRewardKind(draft.kind) !== (draft.rewardRule !== null)) {
      context.addIssue(
        ruleIssue('a reward rule with a period reward, and only with one', ['rewardRule']),
      );
    }
    if (isRewardKind(draft.kind) && draft.rewardRule !== null) {
      for (const issue of rewardRuleIssues(draft.kind, draft.rewardRule)) context.addIssue(issue);
    }
    if (isContestKind(draft.kind) !== (draft.contestRule !== null)) {
      context.addIssue(
        ruleIssue('a contest rule with a ranking or raffle, and only with one', ['contestRule']),
      );
    }
    if (isContestKind(draft.kind) && draft.contestRule !== null) {
      for (const issue of contestRuleIssues(draft.kind, draft.contestRule)) context.addIssue(issue);
    }
    if ((draft.kind === 'mission') !== (draft.missionRule !== null)) {
      context.addIssue(
        ruleIssue('a mission rule with a mission, and only with one', ['missionRule']),
      );
    }
    if (draft.missionRule !== null) {
      for (const issue of missionRuleIssues(draft.missionRule)) context.addIssue(issue);
    }
    if (draft.kind === 'red_envelope' && draft.endsAt === null) {
      // Its seed is published when it ends: an envelope that never ends could never be verified.
      context.addIssue(ruleIssue('a red envelope ends', ['endsAt']));
    }
    if (isContestKind(draft.kind) && draft.endsAt === null) {
      // A contest is decided when it ends.
      context.addIssue(ruleIssue('a ranking or raffle ends', ['endsAt']));
    }
    if (draft.endsAt !== null && Date.parse(draft.endsAt) <= Date.parse(draft.startsAt)) {
      context.addIssue(ruleIssue('ends after it starts', ['endsAt']));
    }
  });
export type PromotionDraft = z.input<typeof PromotionDraftSchema>;

export const createPromotion = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/promotions',
  summary: 'Create an activity of the promotions centre (operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: z.object({ merchantCode: MerchantCodeSchema }),
  body: PromotionDraftSchema,
  value: PromotionSchema,
  errors: ['NOT_FOUND', 'VALIDATION_FAILED', 'RULES_NOT_MET'],
});

export const updatePromotion = defineEndpoint({
  method: 'PUT',
  path: '/ops/merchants/:merchantCode/promotions/:id',
  summary:
    'Replace an activity: reschedule, pause or resume, end (its end time) or edit it ' +
    '(operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: OpsRowParamsSchema,
  body: PromotionDraftSchema,
  value: PromotionSchema,
  errors: ['NOT_FOUND', 'VALIDATION_FAILED', 'RULES_NOT_MET'],
});

/** What an activity has paid so far (operators): by its bonuses, envelopes and rewards. */
export const PromotionPayoutsSchema = z.object({
  promotionId: z.number().int(),
  /** Members who received anything from it. */
  receivers: z.number().int(),
  /** Bonuses credited to bonus accounts, and of them: released as cash, forfeited, still locked. */
  bonusGrantedMinor: MinorUnitsSchema,
  bonusReleasedMinor: MinorUnitsSchema,
  bonusForfeitedMinor: MinorUnitsSchema,
  bonusLockedMinor: MinorUnitsSchema,
  /** Red envelope shares opened, and application rewards approved (both paid as cash). */
  envelopesMinor: MinorUnitsSchema,
  rewardsMinor: MinorUnitsSchema,
  /** Cash that reached members' main wallets: released bonuses, envelopes and rewards. */
  paidMinor: MinorUnitsSchema,
});
export type PromotionPayouts = z.infer<typeof PromotionPayoutsSchema>;

export const getPromotionPayouts = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/promotions/:id/payouts',
  summary: 'What an activity has paid so far, and to how many members (operators)',
  tag: 'ops',
  auth: 'operator',
  params: OpsRowParamsSchema,
  value: PromotionPayoutsSchema,
  errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
});
