import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { HumanChallenge } from '@lanna/contract';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { verificationKeysOf } from './codes-secrets.ts';
import { spendChallenge } from './human-proof.repository.ts';

export type HumanProofContext = { db: Db; clock: Clock; config: Env };

/** A challenge is good for 10 minutes: time to solve it and fill in a form. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
const SALT_BYTES = 12;

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
const sign = (key: Buffer, challenge: string): string =>
  createHmac('sha256', key).update(challenge).digest('hex');

const keyOf = (config: Env): Buffer => verificationKeysOf(config).humanChallenge;

/**
 * A new proof-of-work challenge. The server draws the secret number from the CSPRNG; the client
 * must try numbers until one hashes to the challenge (on average maxNumber / 2 hashes). The
 * expiry sits inside the salt, which is hashed, and the challenge is signed, so the server keeps
 * nothing until a proof is spent.
 */
export const createHumanChallenge = (config: Env, now: Date): HumanChallenge => {
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  const salt = `${randomBytes(SALT_BYTES).toString('hex')}?expires=${Math.floor(expiresAt.getTime() / 1000)}`;
  const maxNumber = config.HUMAN_CHALLENGE_MAX_NUMBER;
  const challenge = sha256Hex(`${salt}${randomInt(0, maxNumber + 1)}`);
  return {
    algorithm: 'SHA-256',
    challenge,
    salt,
    maxNumber,
    signature: sign(keyOf(config), challenge),
    expiresAt: expiresAt.toISOString(),
  };
};

const ProofSchema = z
  .object({
    algorithm: z.literal('SHA-256'),
    challenge: z.string().regex(/^[0-9a-f]{64}$/),
    number: z.number().int().min(0).max(10_000_000),
    salt: z.string().regex(/^[0-9a-f]{24}\?expires=[0-9]{10}$/),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .loose();

const decodeProof = (proof: string): z.infer<typeof ProofSchema> | null => {
  try {
    const parsed = ProofSchema.safeParse(JSON.parse(Buffer.from(proof, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

const equalHex = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * Checks the human-verification fields of a request (`{ proof }`, see the contract's
 * `HumanVerificationSchema`) and spends the proof: it must be the server's signed challenge,
 * solved, unexpired and not used before. Anything else is HUMAN_CHECK_FAILED. Login calls this
 * with its `humanVerification` fields, as the SMS and reset routes do.
 */
export const verifyHumanProof = async (
  context: HumanProofContext,
  fields: Readonly<Record<string, string>> | undefined,
): Promise<void> => {
  const proof = fields?.['proof'] === undefined ? null : decodeProof(fields['proof']);
  const now = context.clock();
  if (!proof) throw new AppError('HUMAN_CHECK_FAILED');
  const expiresAt = new Date(Number(proof.salt.slice(-10)) * 1000);
  const valid =
    expiresAt.getTime() > now.getTime() &&
    equalHex(sign(keyOf(context.config), proof.challenge), proof.signature) &&
    sha256Hex(`${proof.salt}${proof.number}`) === proof.challenge;
  if (!valid) throw new AppError('HUMAN_CHECK_FAILED');
  if (!(await spendChallenge(context.db, proof.challenge, expiresAt, now))) {
    throw new AppError('HUMAN_CHECK_FAILED');
  }
};

/**
 * Solves a challenge on the server's side: for tests and tools that act as a browser. The web
 * uses the contract's `solveHumanChallenge` (WebCrypto).
 */
export const solveHumanChallengeSync = (challenge: HumanChallenge): { proof: string } => {
  for (let number = 0; number <= challenge.maxNumber; number += 1) {
    if (sha256Hex(`${challenge.salt}${number}`) === challenge.challenge) {
      const json = JSON.stringify({
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number,
        salt: challenge.salt,
        signature: challenge.signature,
      });
      return { proof: Buffer.from(json).toString('base64') };
    }
  }
  throw new Error('challenge has no solution');
};
