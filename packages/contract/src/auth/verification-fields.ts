import { z } from 'zod';

/**
 * A local mobile number as members type it (`0812345678`); the server joins it with the
 * country dialing code and drops leading zeros (spec section 4, Registration).
 */
export const MobileNumberSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{4,20}$/, 'digits only, 4 to 20');

/** `+66` or `66`; the merchant's own code when absent. */
export const CountryDialingCodeSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{1,4}$/, 'a country dialing code such as +66');

/** A 6-digit code from an SMS, an e-mail or an authenticator app. */
export const VerificationCodeSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'six digits');

/** How long a sent code lives; the site's countdown is 60 s times this (spec section 4). */
export const CodeSentSchema = z.object({ expiredMinutes: z.number().int().min(1) });
export type CodeSent = z.infer<typeof CodeSentSchema>;
