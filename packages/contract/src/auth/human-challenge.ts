import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

const Hex64Schema = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * A proof-of-work challenge (the human check of issue 3, item 1). Find the integer `number`,
 * 0 <= number <= maxNumber, with SHA-256(salt + number) = challenge (hex); `solveHumanChallenge`
 * does it in the browser. The shape follows ALTCHA's v1 challenge, so its widget could solve it.
 */
export const HumanChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: Hex64Schema,
  /** Random hex, then `?expires=<unix seconds>`; it is part of what is hashed. */
  salt: z.string(),
  maxNumber: z.number().int().positive(),
  /** HMAC of the challenge by the server: the server keeps no state until a proof is used. */
  signature: Hex64Schema,
  expiresAt: z.iso.datetime(),
});
export type HumanChallenge = z.infer<typeof HumanChallengeSchema>;

/**
 * The solved challenge as it travels with a login, an SMS request or a password reset:
 * `proof` is base64 of the JSON `{ algorithm, challenge, number, salt, signature }`. A proof
 * works once.
 */
export const HumanVerificationSchema = z
  .object({
    proof: z
      .string()
      .min(1)
      .max(1024)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
  })
  .strict();
export type HumanVerification = z.infer<typeof HumanVerificationSchema>;

export const getHumanChallenge = defineEndpoint({
  method: 'GET',
  path: '/wps/human/challenge',
  summary: 'A proof-of-work challenge for the human check (valid 10 minutes, single use)',
  tag: 'auth',
  auth: 'public',
  value: HumanChallengeSchema,
  errors: ['MERCHANT_NOT_FOUND'],
});
