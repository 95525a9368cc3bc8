import { createHmac } from 'node:crypto';

/** A member's total in a contest: valid bet over the period and when the last one settled. */
export type Entrant = { memberId: number; validBetMinor: bigint; lastAt: Date };

/**
 * A turnover ranking's order: the most valid bet first; of equal totals, the one who reached it
 * first (its last counted round settled earlier), then the older member. Every entrant once.
 */
export const rankEntrants = <E extends Entrant>(entrants: readonly E[]): E[] =>
  [...entrants].sort((a, b) => {
    if (a.validBetMinor !== b.validBetMinor) return a.validBetMinor > b.validBetMinor ? -1 : 1;
    const time = a.lastAt.getTime() - b.lastAt.getTime();
    return time !== 0 ? time : a.memberId - b.memberId;
  });

/** A member's raffle tickets: one per `ticketMinor` of valid bet, at most the rule's limit. */
export const ticketsOf = (
  validBetMinor: bigint,
  rule: { ticketMinor: bigint; maxTicketsPerMember: number | null },
): bigint => {
  const tickets = validBetMinor / rule.ticketMinor;
  const most = rule.maxTicketsPerMember === null ? null : BigInt(rule.maxTicketsPerMember);
  return most !== null && tickets > most ? most : tickets;
};

const TWO_64 = 1n << 64n;

/**
 * A number in [0, below) from the seed, for the draw's `round` (decision 024): the first eight
 * bytes (big-endian) of HMAC-SHA256(seed, "draw:<round>:<attempt>"), the attempt counting up
 * from 0 past the values that would make the remainder uneven (rejection sampling), so every
 * ticket is exactly as likely.
 */
const uniformBelow = (key: Buffer, round: number, below: bigint): bigint => {
  const limit = TWO_64 - (TWO_64 % below);
  for (let attempt = 0; ; attempt += 1) {
    const value = createHmac('sha256', key)
      .update(`draw:${round}:${attempt}`)
      .digest()
      .readBigUInt64BE(0);
    if (value < limit) return value % below;
  }
};

/**
 * A raffle's draw (decision 024): `tickets` are the entries' tickets in entry order, the
 * entries holding consecutive ranges of ticket numbers in that order. Each round draws one
 * ticket among those of the entries not drawn yet and its entry wins that round's prize, so no
 * entry wins twice. Answers the winning entries' indexes in the order drawn; fewer than
 * `prizes` when the entries run out. Depends on the seed and the entries alone, never on the
 * prizes, so anyone with the published seed and entries gets the same winners.
 */
export const drawRaffle = (seed: string, tickets: readonly bigint[], prizes: number): number[] => {
  const key = Buffer.from(seed, 'hex');
  const drawn = new Set<number>();
  let left = tickets.reduce((sum, count) => sum + count, 0n);
  const winners: number[] = [];
  for (let round = 0; round < prizes && left > 0n; round += 1) {
    let ticket = uniformBelow(key, round, left);
    const winner = tickets.findIndex((count, index) => {
      if (drawn.has(index)) return false;
      if (ticket < count) return true;
      ticket -= count;
      return false;
    });
    drawn.add(winner);
    left -= tickets[winner] ?? 0n;
    winners.push(winner);
  }
  return winners;
};
