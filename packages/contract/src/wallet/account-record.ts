import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';
import {
  checkDateRange,
  checkPageDepth,
  dateRangeFields,
  keysetPageFields,
  keysetPageOf,
} from '../paging.ts';
import { commaListSchema } from '../comma-list.ts';

/** Every kind of money movement a member can see in the account record (issue 4 item 8). */
export const ACCOUNT_RECORD_TYPES = [
  'opening_balance',
  'trial_credit',
  'deposit',
  'withdrawal',
  'wallet_transfer',
  'member_transfer',
  'bet',
  'win',
  'rollback',
  'bonus',
  'rebate',
  'salary',
  'dividend',
  'points_exchange',
  'adjustment',
] as const;
export const AccountRecordTypeSchema = z.enum(ACCOUNT_RECORD_TYPES);
export type AccountRecordType = z.infer<typeof AccountRecordTypeSchema>;

/** Bonus details (spec section 2, member centre) are the account record of these types. */
export const BONUS_RECORD_TYPES = [
  'bonus',
  'rebate',
  'salary',
  'dividend',
] as const satisfies readonly AccountRecordType[];

/** A signed amount of minor units: what an entry added to (or took from) a wallet. */
export const SignedMinorUnitsSchema = z.string().regex(/^-?(0|[1-9][0-9]{0,18})$/, 'minor units');

export const AccountRecordEntrySchema = z.object({
  entryId: z.string(),
  type: AccountRecordTypeSchema,
  wallet: z.enum(['main', 'bonus', 'locked', 'vendor']),
  vendorCode: z.string().nullable(),
  amountMinor: SignedMinorUnitsSchema,
  balanceAfterMinor: MinorUnitsSchema,
  createdAt: z.iso.datetime(),
});
export type AccountRecordEntry = z.infer<typeof AccountRecordEntrySchema>;

export const AccountRecordQuerySchema = z
  .object({
    ...keysetPageFields,
    ...dateRangeFields,
    /** Comma-separated types; all types when absent. */
    types: commaListSchema(ACCOUNT_RECORD_TYPES).optional(),
  })
  .strict()
  .superRefine((query, context) => {
    checkDateRange(query, context);
    checkPageDepth(query, context);
  });
export type AccountRecordQuery = z.input<typeof AccountRecordQuerySchema>;

export const AccountRecordPageSchema = keysetPageOf(AccountRecordEntrySchema).extend(
  CurrencySchema.shape,
);
export type AccountRecordPage = z.infer<typeof AccountRecordPageSchema>;

export const findAccountRecord = defineEndpoint({
  method: 'GET',
  path: '/wps/member/records/account',
  summary:
    "The signed-in member's account record: every ledger movement on its wallets, newest first, " +
    "filtered by type and by calendar days in the merchant's zone; the next and previous pages " +
    'by the cursors a page hands out, counted up to 10,000 rows',
  tag: 'wallet',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  query: AccountRecordQuerySchema,
  value: AccountRecordPageSchema,
  errors: [
    'RULES_NOT_MET',
    'MERCHANT_NOT_FOUND',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'VALIDATION_FAILED',
  ],
});
