import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { BigIdParamSchema } from '../bounds.ts';
import { defineEndpoint } from '../endpoint.ts';
import { GAME_CATEGORIES } from '../games/categories.ts';
import { MinorUnitsSchema, PositiveMinorUnitsSchema } from '../money.ts';
import { ruleIssue } from '../rules.ts';

/**
 * Contests (issue 24 item 2; decision 024): the turnover ranking and the raffle. Both count the
 * members' valid bets (settled real-money rounds) over the activity's period, in the rule's game
 * categories, and both are decided once, after the activity ends: the ranking by valid bet
 * (ties: who reached the total first), the raffle by a draw over tickets earned by valid bet,
 * from a seed whose SHA-256 is published from the start and the seed itself once drawn. The
 * winners claim their prize (spec section 7, raffle promotion claim) within `claimDays`.
 */
export const CONTEST_KINDS = ['turnover_ranking', 'raffle'] as const;
export type ContestKind = (typeof CONTEST_KINDS)[number];
export const isContestKind = (kind: string): kind is ContestKind =>
  (CONTEST_KINDS as readonly string[]).includes(kind);

export const ContestRuleSchema = z
  .object({
    /** The game categories whose bets count; empty counts every category. */
    categories: z.array(z.enum(GAME_CATEGORIES)).max(GAME_CATEGORIES.length),
    /** The valid bet over the period a member needs to be ranked or to hold tickets. */
    minValidBetMinor: MinorUnitsSchema,
    /** A raffle's price of one ticket in valid bet; null for a ranking. */
    ticketMinor: PositiveMinorUnitsSchema.nullable(),
    /** The most tickets one member holds; null for no limit (a ranking: null). */
    maxTicketsPerMember: z.number().int().min(1).max(1_000_000).nullable(),
    /** Prizes by place: the ranking's first place first; the raffle's first drawn first. */
    prizesMinor: z.array(PositiveMinorUnitsSchema).min(1).max(100),
    /** Days after the end the winners have to claim. */
    claimDays: z.number().int().min(1).max(90),
    /** Times the prize to wager before it is released; 0 pays it to the main wallet at once. */
    wageringMultiplier: z.number().int().min(0).max(100),
    /** Days to meet the requirement (a requirement only). */
    validDays: z.number().int().min(1).max(365),
    /** How much of a bet counts toward the requirement, per game category, in percent. */
    contributionPercent: z.partialRecord(z.enum(GAME_CATEGORIES), z.number().int().min(0).max(100)),
    maxBetMinor: PositiveMinorUnitsSchema.nullable(),
    forfeitOnWithdrawal: z.boolean(),
  })
  .strict();
export type ContestRule = z.infer<typeof ContestRuleSchema>;

/** The issues of a contest rule on an activity of `kind` (the draft's refinement adds them). */
export const contestRuleIssues = (kind: ContestKind, rule: ContestRule) => {
  const issues = [];
  const raffle = kind === 'raffle';
  if (raffle !== (rule.ticketMinor !== null))
    issues.push(
      ruleIssue('a ticket price for a raffle, and only for one', ['contestRule', 'ticketMinor']),
    );
  if (!raffle && rule.maxTicketsPerMember !== null)
    issues.push(ruleIssue('no ticket limit for a ranking', ['contestRule', 'maxTicketsPerMember']));
  const prizes = rule.prizesMinor.map((prize) => BigInt(prize));
  if (!raffle && prizes.some((prize, place) => place > 0 && prize > (prizes[place - 1] ?? 0n)))
    issues.push(
      ruleIssue('no place pays more than the place before it', ['contestRule', 'prizesMinor']),
    );
  return issues;
};

/** One line of a contest's board: a place with its member (masked), valid bet and prize. */
export const ContestLineSchema = z.object({
  place: z.number().int().min(1),
  /** The member's name, masked as the winner board masks it. */
  account: z.string(),
  validBetMinor: MinorUnitsSchema,
  /** A raffle's tickets; 0 in a ranking. */
  tickets: z.number().int().min(0),
  prizeMinor: MinorUnitsSchema.nullable(),
});
export type ContestLine = z.infer<typeof ContestLineSchema>;

/** A raffle entry as the draw took it: entries in that order, each ticket range in turn. */
export const RaffleEntrySchema = z.object({
  entry: z.number().int().min(1),
  account: z.string(),
  tickets: z.number().int().min(1),
});

export const ContestStateSchema = z.object({
  promotionId: z.number().int(),
  kind: z.enum(CONTEST_KINDS),
  endsAt: z.iso.datetime(),
  /** Decided: the board is final and the winners may claim. */
  decided: z.boolean(),
  entrants: z.number().int().min(0),
  /** A raffle's tickets in all; 0 for a ranking. */
  tickets: z.number().int().min(0),
  /**
   * The ranking's places (live until decided, at most the prizes' count or 10); the raffle's
   * winners in the order drawn, once decided (empty before).
   */
  board: z.array(ContestLineSchema),
  /** A raffle's seed hash (SHA-256, hex), published from the start; null for a ranking. */
  seedHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  /** The raffle's seed (hex) once drawn, and every entry the draw took; null before. */
  seed: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  entries: z.array(RaffleEntrySchema).nullable(),
});
export type ContestState = z.infer<typeof ContestStateSchema>;

/** The signed-in member's own standing in a contest. */
export const ContestStandingSchema = z.object({
  promotionId: z.number().int(),
  validBetMinor: MinorUnitsSchema,
  tickets: z.number().int().min(0),
  /** The member's place: live in a ranking, the draw's in a decided raffle; null without one. */
  place: z.number().int().min(1).nullable(),
  prizeMinor: MinorUnitsSchema.nullable(),
  claimed: z.boolean(),
});
export type ContestStanding = z.infer<typeof ContestStandingSchema>;

const PARAMS = z.object({ id: BigIdParamSchema });

export const getContest = defineEndpoint({
  method: 'GET',
  path: '/wps/promotions/:id/contest',
  summary:
    "A turnover ranking's board (live until the end, then final) or a raffle's tickets and " +
    'seed hash; once a raffle is drawn, its winners, seed and entries to verify the draw',
  tag: 'promotions',
  auth: 'public',
  params: PARAMS,
  value: ContestStateSchema,
  errors: ['MERCHANT_NOT_FOUND', 'VALIDATION_FAILED', 'PROMOTION_NOT_FOUND'],
});

export const getContestStanding = defineEndpoint({
  method: 'GET',
  path: '/wps/member/promotions/:id/contest',
  summary: "The signed-in member's valid bet, tickets, place and prize in a contest",
  tag: 'promotions',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  params: PARAMS,
  value: ContestStandingSchema,
  errors: [
    'MERCHANT_NOT_FOUND',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'VALIDATION_FAILED',
    'PROMOTION_NOT_FOUND',
  ],
});
