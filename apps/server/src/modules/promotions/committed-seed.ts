import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret seed an activity commits to before anyone takes part (a red envelope's split, a
 * raffle's draw; decisions 022 and 024): 32 random bytes, hex.
 */
export const newCommittedSeed = (): string => randomBytes(32).toString('hex');

/** What is published from the start: SHA-256 of the seed's bytes, hex. */
export const seedHashOf = (seed: string): string =>
  createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
