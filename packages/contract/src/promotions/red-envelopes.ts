import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { BigIdParamSchema } from '../bounds.ts';
import { defineEndpoint } from '../endpoint.ts';
import { MinorUnitsSchema, PositiveMinorUnitsSchema } from '../money.ts';
import { ruleIssue } from '../rules.ts';

/**
 * Red envelopes (issue 24 item 2; decision 022): a pool split into a number of shares of random
 * sizes, each at least a minimum; the members who open the envelope while the activity runs
 * take the shares in the order they open it, each member once. The split comes from a secret
 * seed whose SHA-256 is published before the first opening and the seed itself once the
 * activity has ended, so anyone can recompute every share (decision 022 states how).
 */
export const EnvelopeRuleSchema = z
  .object({
    poolMinor: PositiveMinorUnitsSchema,
    shares: z.number().int().min(1).max(10_000),
    minShareMinor: PositiveMinorUnitsSchema,
  })
  .strict()
  .superRefine((rule, context) => {
    if (BigInt(rule.poolMinor) < BigInt(rule.minShareMinor) * BigInt(rule.shares))
      context.addIssue(ruleIssue('a pool of at least shares times the minimum', ['poolMinor']));
  });
export type EnvelopeRule = z.infer<typeof EnvelopeRuleSchema>;

export const EnvelopeOpeningSchema = z.object({
  promotionId: z.number().int(),
  /** Which share the member took: the number of openings before theirs. */
  shareIndex: z.number().int(),
  amountMinor: MinorUnitsSchema,
  openedAt: z.iso.datetime(),
});
export type EnvelopeOpening = z.infer<typeof EnvelopeOpeningSchema>;

/** What anyone may know of an envelope: the rule, how far it went, and its seed's proof. */
export const EnvelopeStateSchema = z.object({
  promotionId: z.number().int(),
  poolMinor: MinorUnitsSchema,
  shares: z.number().int(),
  minShareMinor: MinorUnitsSchema,
  opened: z.number().int(),
  /** SHA-256 of the seed, hex: published from the start. */
  seedHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The seed, hex, once the activity has ended; null before. */
  seed: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  /** Every share in opening order, once the seed is public; null before. */
  sharesMinor: z.array(MinorUnitsSchema).nullable(),
});
export type EnvelopeState = z.infer<typeof EnvelopeStateSchema>;

const PARAMS = z.object({ id: BigIdParamSchema });

export const openEnvelope = defineEndpoint({
  method: 'POST',
  path: '/wps/member/promotions/:id/envelope',
  summary:
    'Open a red envelope: the next share of its pool goes to the main wallet, once per member; ' +
    'a burst of openings takes one share each, in turn',
  tag: 'promotions',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  params: PARAMS,
  value: EnvelopeOpeningSchema,
  errors: [
    'MERCHANT_NOT_FOUND',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'VALIDATION_FAILED',
    'PROMOTION_NOT_FOUND',
    'PROMOTION_CLOSED',
    'PROMOTION_NOT_FOR_YOU',
    'PROMOTION_ALREADY_CLAIMED',
    'PROMOTION_BUDGET_SPENT',
  ],
});

export const getEnvelope = defineEndpoint({
  method: 'GET',
  path: '/wps/promotions/:id/envelope',
  summary:
    "A red envelope's pool, shares, openings so far and seed hash; after the activity ends, " +
    'the seed and every share, to verify the split',
  tag: 'promotions',
  auth: 'public',
  params: PARAMS,
  value: EnvelopeStateSchema,
  errors: ['MERCHANT_NOT_FOUND', 'VALIDATION_FAILED', 'PROMOTION_NOT_FOUND'],
});
