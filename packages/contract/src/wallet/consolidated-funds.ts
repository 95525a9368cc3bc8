import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';

/**
 * Consolidated funds (spec section 7): the money of the caller and of its whole team, from the
 * ledger. Funds are what a member can play with: the main wallet plus every vendor wallet
 * (promotion money under a turnover requirement and money held for a withdrawal are not
 * counted). `downlineCount` and `downlineBalanceMinor` cover every member below the caller in
 * the agent hierarchy, at any depth; a member without downlines has 0 of both.
 */
export const ConsolidatedFundsSchema = CurrencySchema.extend({
  ownBalanceMinor: MinorUnitsSchema,
  downlineCount: z.number().int().min(0),
  downlineBalanceMinor: MinorUnitsSchema,
  /** ownBalanceMinor + downlineBalanceMinor. */
  totalBalanceMinor: MinorUnitsSchema,
});
export type ConsolidatedFunds = z.infer<typeof ConsolidatedFundsSchema>;

export const getConsolidatedFunds = defineEndpoint({
  method: 'GET',
  path: '/wps/member/info/funds/consolidated',
  summary:
    "The caller's funds and its downlines' funds (only when the merchant's agent policy is on; " +
    'never for a trial)',
  tag: 'wallet',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: ConsolidatedFundsSchema,
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN', 'FEATURE_DISABLED'],
});
