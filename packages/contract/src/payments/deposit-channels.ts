import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';

export const PaymentChannelKindSchema = z.enum(['bank_transfer', 'gateway']);
export type PaymentChannelKind = z.infer<typeof PaymentChannelKindSchema>;

/** The account a bank-transfer channel asks the member to pay into. */
export const BankAccountSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

/**
 * One way to deposit at a merchant (issue 4 item 5): a bank account to transfer into, or a
 * payment gateway's checkout. Limits are per deposit, in minor units.
 */
export const DepositChannelSchema = z.object({
  id: z.number().int().positive(),
  kind: PaymentChannelKindSchema,
  name: z.string(),
  /** Present for bank transfer only. */
  bank: BankAccountSchema.nullable(),
  minMinor: MinorUnitsSchema,
  maxMinor: MinorUnitsSchema,
});
export type DepositChannel = z.infer<typeof DepositChannelSchema>;

export const DepositChannelsSchema = CurrencySchema.extend({
  channels: z.array(DepositChannelSchema),
});
export type DepositChannels = z.infer<typeof DepositChannelsSchema>;

export const findDepositChannels = defineEndpoint({
  method: 'GET',
  path: '/wps/payments/deposit/channels',
  summary: "The merchant's enabled deposit channels with their limits, in display order",
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: DepositChannelsSchema,
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN', 'FORBIDDEN'],
});
