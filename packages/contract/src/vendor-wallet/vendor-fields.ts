import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import type { ErrorCode } from '../errors.ts';
import { IdempotencyKeySchema, MinorUnitsSchema, uptoPattern } from '../money.ts';
import { MAX_TRANSFER_MINOR } from '../wallet/amount.ts';
import { VENDOR_SIGNATURE_HEADERS } from './signing.ts';

/** Ids a vendor makes up (rounds, transactions): printable, at most 100 characters. */
const vendorIdOf = (what: string) =>
  z.string().regex(/^[A-Za-z0-9_:.-]{1,100}$/, `${what}: 1 to 100 of A-Z a-z 0-9 _ : . -`);

/** The vendor's id of one movement (a bet, a win, a rollback): applied once, whatever the retries. */
export const VendorTransactionIdSchema = vendorIdOf('a transaction id');
/** The vendor's id of a game round: the bets, wins and rollbacks of one play. */
export const VendorRoundIdSchema = vendorIdOf('a round id');
/** The game within the vendor's catalogue. */
export const VendorGameCodeSchema = z.string().regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'a game code');
/** The player as the vendor knows it: `playerId` of the launch (issueVendorSession). */
export const VendorPlayerIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,18}$/, 'a player id')
  .describe('The playerId the game launch gave the vendor');
/** The opaque token the game launch handed the vendor: 43 base64url characters. */
export const VendorTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a player token');
/** ISO 4217 code; it must be the merchant's currency. */
export const VendorCurrencySchema = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code');

/**
 * A win in minor units: 0 (the round ends without a win) up to the largest transfer. Digits
 * only: no sign, decimal point, exponent or JSON number.
 */
export const VendorWinMinorSchema = z
  .string()
  .regex(uptoPattern(MAX_TRANSFER_MINOR), 'minor units up to the largest transfer');

/** The signature headers every call carries (see signing.ts). */
export const VendorSignatureHeadersSchema = z.looseObject({
  [VENDOR_SIGNATURE_HEADERS.merchantCode]: z.string().regex(/^[a-z0-9-]{2,32}$/),
  [VENDOR_SIGNATURE_HEADERS.vendorCode]: z.string().regex(/^[A-Z0-9_]{2,32}$/),
  [VENDOR_SIGNATURE_HEADERS.timestamp]: z.string().regex(/^[0-9]{1,12}$/),
  [VENDOR_SIGNATURE_HEADERS.signature]: z.string().regex(/^[0-9a-f]{64}$/),
});

export const VendorRoundStatusSchema = z.enum(['open', 'settled', 'cancelled']);
export type VendorRoundStatus = z.infer<typeof VendorRoundStatusSchema>;

/**
 * The answer to a debit, credit or rollback. A replay (the same idempotency key, or the same
 * transaction id with the same movement) answers exactly the first result again.
 */
export const VendorTransactionResultSchema = z.object({
  /** The vendor's transaction id, echoed. */
  transactionId: z.string(),
  /** Lanna's ledger transfer of the movement; null when nothing moved (a win of 0). */
  walletTransactionId: z.string().nullable(),
  playerId: z.string(),
  currency: z.string(),
  /** The player's balance right after this movement, in minor units. */
  balanceMinor: MinorUnitsSchema,
  roundStatus: VendorRoundStatusSchema,
});
export type VendorTransactionResult = z.infer<typeof VendorTransactionResultSchema>;

/** What every call may answer before its own rules: signature, body and currency. */
const VENDOR_CALL_ERRORS = [
  'VENDOR_SIGNATURE_INVALID',
  'VENDOR_TIMESTAMP_INVALID',
  'VENDOR_IP_FORBIDDEN',
  'VALIDATION_FAILED',
  'MALFORMED_BODY',
  'VENDOR_CURRENCY_MISMATCH',
] as const satisfies readonly ErrorCode[];

/** The OpenAPI text shared by every vendor call: how to sign, and how refusals look. */
const VENDOR_CALL_DESCRIPTION = [
  "Server-to-server call of a game provider (single wallet: it moves the player's main",
  "wallet; on a transfer-wallet merchant, the player's wallet at this vendor).",
  '',
  'Signing: send X-Merchant-Code, X-Vendor-Code, X-Timestamp (Unix seconds) and X-Signature,',
  'the lowercase hex HMAC-SHA256, keyed with the vendor secret, of the lines',
  '"LANNA-HMAC-SHA256", the method, the path, the timestamp, the merchant code, the vendor',
  'code and the exact body, joined by "\\n" (signVendorRequest in @lanna/contract). A',
  'missing or wrong signature is 401 VENDOR_SIGNATURE_INVALID, a timestamp outside the',
  "replay window 401 VENDOR_TIMESTAMP_INVALID, an address off the vendor's allowlist 403",
  'VENDOR_IP_FORBIDDEN; nothing moves.',
  '',
  'Protocol: a success is HTTP 200 with the envelope {success: true, code: "OK", value}; every',
  'refusal, insufficient balance included, is a 4xx (503 MAINTENANCE) with',
  '{success: false, code} and moves nothing. Amounts are strings of integer minor units of the',
  "merchant's currency. Money calls are idempotent twice over: by idempotencyKey (the same",
  'key answers the identical response, the same key with another body is 422',
  'IDEMPOTENCY_KEY_REUSED) and by transactionId (a movement is applied once; the same id with',
  'another movement is 422 VENDOR_TRANSACTION_REUSED).',
].join('\n');

/**
 * The fields of every money call: its idempotency key, the vendor's transaction and round,
 * and the player. Each call extends them with its own.
 */
export const VendorMovementSchema = z.object({
  idempotencyKey: IdempotencyKeySchema,
  transactionId: VendorTransactionIdSchema,
  roundId: VendorRoundIdSchema,
  playerId: VendorPlayerIdSchema,
});

/**
 * A vendor wallet call: POST under /vendor/v1, signed (the signature headers and the signing
 * description), tagged 'vendor-wallet', answering the signature refusals besides its own.
 */
export const defineVendorCall = <
  const C extends {
    path: `/vendor/v1/${string}`;
    summary: string;
    body: z.ZodType;
    value: z.ZodType;
    errors: readonly ErrorCode[];
    /** A money call, answered once per idempotency key; the balance is only read. */
    idempotent?: true;
  },
>(
  call: C,
) =>
  defineEndpoint({
    ...call,
    method: 'POST',
    description: VENDOR_CALL_DESCRIPTION,
    tag: 'vendor-wallet',
    auth: 'vendor',
    headers: VendorSignatureHeadersSchema,
    errors: [...VENDOR_CALL_ERRORS, ...call.errors],
  });
