import type { HouseGameCode } from '@lanna/contract/games/house-games';
import { webHmac, webSha256Hex } from '../fair/draws.ts';
import { outcomeOf, winOf, type GameOutcome, type GameRules } from '../games/catalog.ts';
import { ROWS } from '../games/slot.ts';
import { diceGaugeSvg, scratchPrizeSvg, slotSymbolSvg } from './symbols.ts';

const rules = JSON.parse(document.getElementById('rules')?.textContent ?? '{}') as GameRules;
const value = (id: string) => (document.getElementById(id) as HTMLInputElement).value.trim();

/** The recomputed outcome drawn as the game page draws it, beside its JSON. */
const pictureOf = (outcome: GameOutcome): string => {
  if (outcome.game === 'lanna-slot') {
    const cells: string[] = [];
    for (let row = 0; row < ROWS; row += 1)
      for (const reel of outcome.slot.window)
        cells.push(`<div class="cell">${slotSymbolSvg(reel[row] ?? 'CHERRY')}</div>`);
    return `<div class="reels" role="group" aria-label="Reels">${cells.join('')}</div>`;
  }
  if (outcome.game === 'lanna-dice')
    return `<p class="roll">${(outcome.dice.roll / 100).toFixed(2)}</p>${diceGaugeSvg(outcome.dice.roll, outcome.dice.target)}`;
  return `<div class="scratch" role="group" aria-label="Card">${outcome.scratch.cells
    .map(
      (prize) => `<div class="scratch-cell" data-revealed="true">${scratchPrizeSvg(prize)}</div>`,
    )
    .join('')}</div>`;
};

document.getElementById('verify')?.addEventListener('submit', (event) => {
  event.preventDefault();
  const game = value('v-game') as HouseGameCode;
  const serverSeed = value('v-server');
  const seeds = { serverSeed, clientSeed: value('v-client'), nonce: Number(value('v-nonce')) };
  void (async () => {
    (document.getElementById('v-hash') as HTMLElement).textContent = await webSha256Hex(serverSeed);
    const outcome = await outcomeOf(
      webHmac,
      game,
      seeds,
      { target: Number(value('v-target')) },
      rules,
    );
    // A stake of 100 line units shows the pay as a multiple of the stake.
    const win = winOf(1000n, outcome, rules);
    const picture = document.getElementById('v-picture') as HTMLElement;
    picture.innerHTML = pictureOf(outcome);
    picture.hidden = false;
    (document.getElementById('v-outcome') as HTMLElement).textContent =
      `${JSON.stringify(outcome, null, 2)}\n\nA stake of 1000 minor units would win ${win.toString()}.`;
  })();
});
