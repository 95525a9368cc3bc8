import { HOUSE_GAMES, type HouseGameCode } from '@lanna/contract/games/house-games';
import { drawsFrom, roundBytes, type Hmac } from '../fair/draws.ts';
import { diceWin, drawDice, DICE_MAX_TARGET, DICE_MIN_TARGET, type DiceOutcome } from './dice.ts';
import { drawScratch, scratchWin, type ScratchOutcome } from './scratch.ts';
import {
  drawSlotStops,
  evaluateSlot,
  LINE_COUNT,
  slotWin,
  type Paytable,
  type SlotOutcome,
} from './slot.ts';

export type GameOutcome =
  | { game: 'lanna-slot'; slot: SlotOutcome }
  | { game: 'lanna-dice'; dice: DiceOutcome }
  | { game: 'lanna-scratch'; scratch: ScratchOutcome };

export type GameChoice = { target?: number | undefined };

export type GameRules = { slotPaytable: Paytable; diceRtpBps: number };

/** Whether a stake and choice can be played: a refusal names the reason. */
export const checkBet = (
  game: HouseGameCode,
  stakeMinor: bigint,
  choice: GameChoice,
): string | null => {
  if (stakeMinor < 1n) return 'the stake is at least 1';
  if (game === 'lanna-slot' && stakeMinor % BigInt(LINE_COUNT) !== 0n)
    return `the slot's stake is a multiple of ${LINE_COUNT}`;
  if (game === 'lanna-dice') {
    const target = choice.target;
    if (
      target === undefined ||
      !Number.isInteger(target) ||
      target < DICE_MIN_TARGET ||
      target > DICE_MAX_TARGET
    )
      return `the dice target is a whole number from ${DICE_MIN_TARGET} to ${DICE_MAX_TARGET}`;
  }
  return null;
};

/**
 * A round's outcome from its seeds: the same function runs on the vendor and in the verify
 * page, so anyone holding the revealed server seed can recompute every round of it.
 */
export const outcomeOf = async (
  hmac: Hmac,
  game: HouseGameCode,
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  choice: GameChoice,
  rules: GameRules,
): Promise<GameOutcome> => {
  // The slot and the dice read 5 and 1 words of the first block; the card about 20 words.
  const draws = drawsFrom(await roundBytes(hmac, seeds, game === 'lanna-scratch' ? 4 : 1));
  switch (game) {
    case 'lanna-slot':
      return { game, slot: evaluateSlot(drawSlotStops(draws), rules.slotPaytable) };
    case 'lanna-dice':
      return { game, dice: drawDice(draws, choice.target ?? DICE_MIN_TARGET) };
    case 'lanna-scratch':
      return { game, scratch: drawScratch(draws) };
  }
};

export const winOf = (stakeMinor: bigint, outcome: GameOutcome, rules: GameRules): bigint => {
  switch (outcome.game) {
    case 'lanna-slot':
      return slotWin(stakeMinor, outcome.slot);
    case 'lanna-dice':
      return diceWin(stakeMinor, outcome.dice, rules.diceRtpBps);
    case 'lanna-scratch':
      return scratchWin(stakeMinor, outcome.scratch);
  }
};

export const isHouseGame = (code: string): code is HouseGameCode =>
  HOUSE_GAMES.some((game) => game.code === code);
