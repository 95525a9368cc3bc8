import type { ContractTerms } from '@lanna/contract';

/** One player's period in a team: its settled real-money valid bet and its profit (a loss < 0). */
export type PlayerPeriod = { validBetMinor: bigint; profitMinor: bigint };

export type PayoutFigures = {
  /** Of the players who reached the contract's minimum bet. */
  validBetMinor: bigint;
  /** The players' net loss (the house's side), 0 when they won overall. */
  lossMinor: bigint;
  activeMembers: number;
  amountMinor: bigint;
};

const BP = 10_000n;

/**
 * What a contract pays for one period of its downline's team (issue 22 items 3 and 4; decision
 * 020), exactly, in minor units rounded down:
 * - a player counts (as active, and with its bets) from the contract's minimum bet;
 * - the basis (valid bet, loss, or active members) picks the tiers: `highest` applies the rate
 *   of the highest tier reached to everything, `progressive` applies each tier's rate to the
 *   share of the basis between its threshold and the next (a tier also needs its members);
 * - a salary is a rate of each player's valid bet, the loss rate for players who lost; a
 *   dividend is a rate of the team's loss.
 */
export const payoutOf = (terms: ContractTerms, players: readonly PlayerPeriod[]): PayoutFigures => {
  const minBet = BigInt(terms.minBetMinor) > 0n ? BigInt(terms.minBetMinor) : 1n;
  const counted = players.filter((player) => player.validBetMinor >= minBet);
  const validBet = counted.reduce((sum, player) => sum + player.validBetMinor, 0n);
  const profit = counted.reduce((sum, player) => sum + player.profitMinor, 0n);
  const loss = profit < 0n ? -profit : 0n;
  const active = counted.length;
  const basis =
    terms.basis === 'valid_bet' ? validBet : terms.basis === 'profit_loss' ? loss : BigInt(active);
  const figures = { validBetMinor: validBet, lossMinor: loss, activeMembers: active };

  // What tier t pays on everything, times 10,000 (rates are basis points).
  const fullAt = (tier: ContractTerms['tiers'][number]): bigint =>
    terms.kind === 'dividend'
      ? loss * BigInt(tier.rateBp)
      : counted.reduce((sum, player) => {
          const rate = player.profitMinor < 0n ? (tier.lossRateBp ?? tier.rateBp) : tier.rateBp;
          return sum + player.validBetMinor * BigInt(rate);
        }, 0n);
  const qualifies = (tier: ContractTerms['tiers'][number]) => active >= tier.minActiveMembers;

  if (terms.tiering === 'highest') {
    const reached = terms.tiers.filter(
      (tier) => qualifies(tier) && basis >= BigInt(tier.threshold),
    );
    const top = reached.at(-1);
    return { ...figures, amountMinor: top ? fullAt(top) / BP : 0n };
  }
  if (basis === 0n) return { ...figures, amountMinor: 0n };
  // Progressive: tier t's rate on the share of the basis in [threshold t, threshold t+1).
  let weighted = 0n;
  terms.tiers.forEach((tier, index) => {
    if (!qualifies(tier)) return;
    const from = BigInt(tier.threshold);
    const next = terms.tiers[index + 1];
    const to = next ? BigInt(next.threshold) : basis;
    const band = (basis < to ? basis : to) - from;
    if (band > 0n) weighted += band * fullAt(tier);
  });
  return { ...figures, amountMinor: weighted / (basis * BP) };
};
