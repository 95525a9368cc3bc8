import { createHmac } from 'node:crypto';

/**
 * The shares of a pool in opening order (decision 022): every share gets the minimum; the rest
 * is split by weights 1 + the first four bytes (big-endian) of HMAC-SHA256(seed, "share:<i>"),
 * each rounded down; what rounding left goes one unit each to the first shares. The shares sum
 * to the pool exactly and depend on the seed alone, never on who opens.
 */
export const envelopeSharesOf = (
  seed: string,
  rule: { poolMinor: bigint; shares: number; minShareMinor: bigint },
): bigint[] => {
  const key = Buffer.from(seed, 'hex');
  const weights = Array.from(
    { length: rule.shares },
    (_, index) =>
      1n + BigInt(createHmac('sha256', key).update(`share:${index}`).digest().readUInt32BE(0)),
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  const rest = rule.poolMinor - rule.minShareMinor * BigInt(rule.shares);
  const shares = weights.map((weight) => rule.minShareMinor + (rest * weight) / total);
  let left = rule.poolMinor - shares.reduce((sum, share) => sum + share, 0n);
  for (let index = 0; left > 0n; index += 1, left -= 1n) shares[index] = (shares[index] ?? 0n) + 1n;
  return shares;
};
