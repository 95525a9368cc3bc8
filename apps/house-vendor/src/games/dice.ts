import type { Draws } from '../fair/draws.ts';

/**
 * Dice: a roll from 0.00 to 99.99 (an integer 0..9999); the player wins when it lands under
 * the target (2 to 95 per cent). The win is stake x RTP / chance, in whole minor units rounded
 * down, so the expected return is the configured RTP whatever the target.
 */
export const DICE_FACES = 10_000;
export const DICE_MIN_TARGET = 2;
export const DICE_MAX_TARGET = 95;

export type DiceOutcome = { roll: number; target: number; won: boolean };

export const drawDice = (draws: Draws, target: number): DiceOutcome => {
  const roll = draws.uniformInt(DICE_FACES);
  return { roll, target, won: roll < target * 100 };
};

export const diceWin = (stakeMinor: bigint, outcome: DiceOutcome, rtpBps: number): bigint =>
  outcome.won ? (stakeMinor * BigInt(rtpBps)) / BigInt(outcome.target * 100) : 0n;
