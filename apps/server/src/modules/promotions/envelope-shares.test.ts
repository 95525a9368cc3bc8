// The red envelope's split (decision 022): the shares sum to the pool, none is below the
// minimum, the same seed gives the same shares, another seed other shares, and the published
// hash is SHA-256 of the seed.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newCommittedSeed as newEnvelopeSeed, seedHashOf } from './committed-seed.ts';
import { envelopeSharesOf } from './envelope-shares.ts';

describe('envelopeSharesOf', () => {
  it('splits any pool into shares that sum to it, each at least the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.bigInt({ min: 1n, max: 10_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        (shares, minShareMinor, extra) => {
          const poolMinor = minShareMinor * BigInt(shares) + extra;
          const split = envelopeSharesOf(newEnvelopeSeed(), { poolMinor, shares, minShareMinor });
          expect(split).toHaveLength(shares);
          expect(split.reduce((sum, share) => sum + share, 0n)).toBe(poolMinor);
          for (const share of split) expect(share).toBeGreaterThanOrEqual(minShareMinor);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('depends on the seed alone', () => {
    const rule = { poolMinor: 100_000n, shares: 20, minShareMinor: 100n };
    const seed = newEnvelopeSeed();
    expect(envelopeSharesOf(seed, rule)).toEqual(envelopeSharesOf(seed, rule));
    expect(envelopeSharesOf(newEnvelopeSeed(), rule)).not.toEqual(envelopeSharesOf(seed, rule));
    // Not an even split: the shares differ from one another.
    expect(new Set(envelopeSharesOf(seed, rule)).size).toBeGreaterThan(1);
  });

  it('publishes SHA-256 of the seed', () => {
    const seed = 'ab'.repeat(32);
    expect(seedHashOf(seed)).toBe(
      createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
    );
  });
});
