import type { HouseGameCode } from '@lanna/contract/games/house-games';
import { webHmac, webSha256Hex } from '../fair/draws.ts';
import { outcomeOf, winOf, type GameRules } from '../games/catalog.ts';

const rules = JSON.parse(document.getElementById('rules')?.textContent ?? '{}') as GameRules;
const value = (id: string) => (document.getElementById(id) as HTMLInputElement).value.trim();

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
    (document.getElementById('v-outcome') as HTMLElement).textContent =
      `${JSON.stringify(outcome, null, 2)}\n\nA stake of 1000 minor units would win ${win.toString()}.`;
  })();
});
