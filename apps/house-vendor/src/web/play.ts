import type { HouseGameCode } from '@lanna/contract/games/house-games';
import type { GameOutcome, GameRules } from '../games/catalog.ts';
import type { ScratchPrize } from '../games/scratch.ts';
import { PAYLINES, REELS, ROWS, type SlotSymbol } from '../games/slot.ts';
import type { RoundView } from '../rounds/rounds.ts';
import { formatMinor, formatZonedTime, zoneOf } from './format.ts';
import { createSound, isSoundOn, rememberSound } from './sound.ts';
import {
  diceGaugeSvg,
  dieFaceSvg,
  scratchPrizeName,
  scratchPrizeSvg,
  slotSymbolSvg,
  SLOT_SYMBOL_NAMES,
  speakerSvg,
} from './symbols.ts';

type Round = RoundView;

const element = (id: string) => document.getElementById(id) as HTMLElement;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const main = document.querySelector<HTMLElement>('main.game');
const game = (main?.dataset.game ?? 'lanna-slot') as HouseGameCode;
const rules = JSON.parse(document.getElementById('rules')?.textContent ?? '{}') as GameRules;
const params = new URLSearchParams(location.search);
const decimals = Number(params.get('decimals') ?? '2');
const currency = params.get('currency') ?? '';
// Round times in the merchant's zone, which the launch names (issue 29).
const zone = zoneOf(params.get('zone'));
const STORAGE_KEY = `house-vendor-session:${game}`;
let sessionId = sessionStorage.getItem(STORAGE_KEY) ?? '';
const money = (minor: string | null) =>
  minor === null ? '…' : `${formatMinor(minor, decimals)} ${currency}`;
const say = (text: string) => (element('message').textContent = text);
const stage = element('stage');
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, reducedMotion ? 0 : ms));

const soundButton = element('sound');
const storage = (() => {
  try {
    return localStorage;
  } catch {
    // Storage can be refused (a sandboxed frame): the choice then lasts for this page only.
    const memory = new Map<string, string>();
    return {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
    };
  }
})();
const sound = createSound(() => isSoundOn(storage));
const showSound = () => {
  const on = isSoundOn(storage);
  soundButton.setAttribute('aria-pressed', String(on));
  soundButton.innerHTML = `${speakerSvg(on)}<span class="label">Sound</span>`;
};
soundButton.addEventListener('click', () => {
  rememberSound(storage, !isSoundOn(storage));
  showSound();
  sound('reveal');
});
showSound();

// Without a launch backUrl the page was opened some other way: step back in its history.
const back = document.querySelector<HTMLElement>('[data-history="back"]');
back?.addEventListener('click', () => history.back());

/** What the player reads for the platform's refusals a stake can meet. */
const REFUSALS: Record<string, string> = {
  INSUFFICIENT_BALANCE: 'Not enough balance for this stake.',
  BONUS_MAX_BET_EXCEEDED: 'This stake is above the largest bet your open bonus allows.',
};

const api = async <T>(path: string, init: { method?: string; body?: string } = {}): Promise<T> => {
  const response = await fetch(path, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionId}` },
  });
  const body = (await response.json()) as {
    success: boolean;
    code: string;
    message: string;
    value: T;
  };
  if (!body.success) throw new Error(REFUSALS[body.code] ?? `${body.code}: ${body.message}`);
  return body.value;
};

const showMoneyKind = () => {
  element('mode').textContent = params.get('money') === 'play' ? '(free play: play money)' : '';
};

const openSession = async () => {
  // A new launch URL carries a token: open a sitting with it, then drop it from the address bar.
  if (params.get('mode')) {
    const value = await api<{ sessionId: string; mode: string; balanceMinor: string }>(
      '/api/sessions',
      {
        method: 'POST',
        body: JSON.stringify({
          merchant: params.get('merchant'),
          currency,
          decimals,
          mode: params.get('mode'),
          playerId: params.get('playerId') ?? undefined,
          token: params.get('token') ?? undefined,
        }),
      },
    );
    sessionId = value.sessionId;
    sessionStorage.setItem(STORAGE_KEY, sessionId);
    params.delete('token');
    params.delete('mode');
    // Kept in the address, so a reload still says it: the vendor's own free play, or a site's
    // trial account playing with the merchant's play money (money=play from the site).
    if (value.mode === 'free') params.set('money', 'play');
    history.replaceState(null, '', `${location.pathname}?${params.toString()}`);
    showMoneyKind();
    element('balance').textContent = money(value.balanceMinor);
    return;
  }
  showMoneyKind();
  const value = await api<{ balanceMinor: string }>('/api/balance');
  element('balance').textContent = money(value.balanceMinor);
};

const STAKES = [100, 200, 500, 1000, 5000].map((units) =>
  (units * 10 ** Math.max(0, decimals - 2)).toString(),
);
const stakeSelect = document.getElementById('stake') as HTMLSelectElement;
for (const stake of STAKES) stakeSelect.add(new Option(money(stake), stake));

/* The slot. */

const reelCell = (symbol: SlotSymbol, reel: number, win: boolean, landing: boolean) =>
  `<div class="cell${win ? ' win' : ''}${landing ? ' landing' : ''}" style="--reel:${reel}">${slotSymbolSvg(symbol)}</div>`;

/** The reels by row, as they are read: left to right, top to bottom. */
const reelsHtml = (
  window: readonly (readonly SlotSymbol[])[],
  winning: ReadonlySet<string>,
  landing: boolean,
) => {
  const cells: string[] = [];
  for (let row = 0; row < ROWS; row += 1)
    for (let reel = 0; reel < 5; reel += 1)
      cells.push(
        reelCell(window[reel]?.[row] ?? 'CHERRY', reel, winning.has(`${reel}:${row}`), landing),
      );
  return `<div class="reels" role="group" aria-label="Reels">${cells.join('')}</div>`;
};

const idleSlot = () =>
  reelsHtml(
    REELS.map((reel) => reel.slice(0, ROWS)),
    new Set(),
    false,
  );

const renderSlot = (outcome: Extract<GameOutcome, { game: 'lanna-slot' }>['slot']) => {
  const winning = new Set<string>();
  for (const win of outcome.lineWins)
    PAYLINES[win.line]?.slice(0, win.run).forEach((row, reel) => winning.add(`${reel}:${row}`));
  const wins = outcome.lineWins
    .map(
      (win) =>
        `<li>Line ${win.line + 1}: ${win.run} × ${slotSymbolSvg(win.symbol)} pays ${win.pay} line bets</li>`,
    )
    .join('');
  return `${reelsHtml(outcome.window, winning, true)}${
    wins ? `<ul class="wins">${wins}</ul>` : ''
  }${outcome.jackpot ? '<p class="jackpot">Jackpot!</p>' : ''}`;
};

/* The dice. */

const targetValue = () => Number(input('target').value);
/** The target as the gauge can draw it, whatever is typed. */
const drawableTarget = () => Math.min(95, Math.max(2, Math.round(targetValue()) || 50));
const showOdds = () => {
  const target = targetValue();
  const odds = element('dice-odds');
  if (!Number.isInteger(target) || target < 2 || target > 95) {
    odds.textContent = 'Choose a whole number from 2 to 95.';
    return;
  }
  odds.textContent = `Chance ${target}%, pays ${(rules.diceRtpBps / (target * 100)).toFixed(4).replace(/0+$/, '').replace(/\.$/, '')} × stake`;
};

const diceBoard = (roll: number | null, target: number, won: boolean | null) =>
  `<div class="dice">${dieFaceSvg(roll === null ? 5 : (((roll % 6) + 1) as 1 | 2 | 3 | 4 | 5 | 6))}<p class="roll${won === null ? '' : won ? ' won' : ' lost'}">${
    roll === null ? '–' : (roll / 100).toFixed(2)
  }</p>${dieFaceSvg(roll === null ? 2 : ((((roll >> 3) % 6) + 1) as 1 | 2 | 3 | 4 | 5 | 6))}</div>${diceGaugeSvg(roll, target)}`;

/* The scratch card. */

const foil =
  '<svg class="foil" aria-hidden="true" viewBox="0 0 64 64" focusable="false"><circle cx="32" cy="32" r="14" fill="none" stroke="#8d93a8" stroke-width="4"/><path d="M32 22v20M22 32h20" stroke="#8d93a8" stroke-width="4" stroke-linecap="round"/></svg>';

const coveredCard = (prizes: readonly (ScratchPrize | null)[], disabled: boolean) =>
  `<div class="scratch" role="group" aria-label="Card">${prizes
    .map(
      (prize, index) =>
        `<button type="button" class="scratch-cell" data-prize="${prize ?? ''}" aria-label="Cell ${index + 1}, covered"${
          disabled ? ' disabled' : ''
        }>${foil}</button>`,
    )
    .join('')}</div>`;

/** The card, covered; `onRevealed` runs once its last cell is uncovered. */
const renderScratch = (
  outcome: Extract<GameOutcome, { game: 'lanna-scratch' }>['scratch'],
  onRevealed: () => void,
) => {
  stage.innerHTML = `${coveredCard(outcome.cells, false)}<p class="reveal"><button type="button" id="reveal-all">Reveal all</button></p>`;
  const cells = [...stage.querySelectorAll<HTMLButtonElement>('.scratch-cell')];
  const finish = () => {
    if (cells.some((cell) => !cell.dataset.revealed)) return;
    element('reveal-all').remove();
    onRevealed();
    if (outcome.prize === null) return;
    for (const cell of cells)
      if (cell.dataset.prize === String(outcome.prize)) cell.classList.add('win');
    sound('win');
  };
  const reveal = (cell: HTMLButtonElement) => {
    if (cell.dataset.revealed) return;
    const prize = Number(cell.dataset.prize) as ScratchPrize;
    cell.dataset.revealed = 'true';
    cell.removeAttribute('aria-label');
    cell.innerHTML = `${scratchPrizeSvg(prize)}<span class="times" aria-hidden="true">×${prize}</span>`;
    sound('reveal');
  };
  for (const cell of cells)
    cell.addEventListener('click', () => {
      reveal(cell);
      finish();
    });
  element('reveal-all').addEventListener('click', () => {
    cells.forEach(reveal);
    finish();
  });
};

const idleBoard = () => {
  if (game === 'lanna-slot') stage.innerHTML = idleSlot();
  else if (game === 'lanna-dice') stage.innerHTML = diceBoard(null, drawableTarget(), null);
  else stage.innerHTML = coveredCard(Array<null>(9).fill(null), true);
};

/**
 * Shows the round's outcome and runs `settled` once the player can see it: at once for the reels
 * and the dice, once the last cell is scratched for the card (which would otherwise tell its
 * win, in the message, the balance and the round list, before it is scratched).
 */
const renderRound = (round: Round, settled: () => void) => {
  const outcome = round.outcome;
  if (outcome?.game === 'lanna-scratch') {
    renderScratch(outcome.scratch, settled);
    say('Scratch the cells, or reveal them all.');
    return;
  }
  if (outcome?.game === 'lanna-slot') stage.innerHTML = renderSlot(outcome.slot);
  else if (outcome?.game === 'lanna-dice')
    stage.innerHTML = diceBoard(outcome.dice.roll, outcome.dice.target, outcome.dice.won);
  settled();
};

/* The round list and the seeds. */

const describe = (round: Round): string => {
  const outcome = round.outcome;
  if (!outcome) return round.status;
  if (outcome.game === 'lanna-slot')
    return outcome.slot.lineWins.length === 0
      ? 'no winning line'
      : outcome.slot.lineWins
          .map((win) => `${win.run} × ${SLOT_SYMBOL_NAMES[win.symbol]}`)
          .join(', ');
  if (outcome.game === 'lanna-dice')
    return `rolled ${(outcome.dice.roll / 100).toFixed(2)} under ${outcome.dice.target}`;
  return outcome.scratch.prize === null ? 'no prize' : scratchPrizeName(outcome.scratch.prize);
};

const refreshRounds = async () => {
  const { rounds } = await api<{ rounds: Round[] }>(`/api/rounds?game=${encodeURIComponent(game)}`);
  element('rounds').innerHTML =
    rounds.length === 0
      ? '<p>No rounds yet.</p>'
      : `<table class="history"><thead><tr><th scope="col">Time</th><th scope="col">Stake</th><th scope="col">Win</th><th scope="col">Result</th><th scope="col">Nonce</th></tr></thead><tbody>${rounds
          .map(
            (round) =>
              `<tr><td><time datetime="${round.createdAt}">${formatZonedTime(round.createdAt, zone)}</time></td><td>${money(round.stakeMinor)}</td><td>${money(round.winMinor ?? '0')}</td><td>${describe(round)}${round.status === 'settled' ? '' : ` (${round.status})`}</td><td>${round.nonce}</td></tr>`,
          )
          .join('')}</tbody></table>`;
};

const refreshFair = async () => {
  const fair = await api<{
    serverSeedHash: string;
    clientSeed: string;
    nextNonce: number;
    revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number }[];
  }>('/api/fair');
  element('seed-hash').textContent = fair.serverSeedHash;
  element('client-seed').textContent = fair.clientSeed;
  element('nonce').textContent = String(fair.nextNonce);
  element('revealed').innerHTML = fair.revealed
    .map(
      (seed) =>
        `<li>Server seed <code>${seed.serverSeed}</code> (hash ${seed.serverSeedHash.slice(0, 12)}…), client seed <code>${seed.clientSeed}</code>, nonces 0 to ${seed.rounds - 1}</li>`,
    )
    .join('');
};

/* Playing. */

const playButton = element('play') as HTMLButtonElement;

/** The board while the round is in flight: the reels spin, the dice shake, the card waits. */
const startMotion = () => {
  stage.querySelector('.reels')?.classList.add('spinning');
  stage.querySelector('.dice')?.classList.add('rolling');
};

const play = () => {
  if (playButton.disabled) return;
  playButton.disabled = true;
  say('');
  const target = game === 'lanna-dice' ? targetValue() : undefined;
  if (game === 'lanna-scratch') stage.innerHTML = coveredCard(Array<null>(9).fill(null), true);
  startMotion();
  sound('play');
  const request = api<Round>(`/api/games/${game}/rounds`, {
    method: 'POST',
    body: JSON.stringify({ stakeMinor: stakeSelect.value, target }),
  });
  // The reels turn for a moment even when the answer is quicker, so a spin reads as one.
  void Promise.all([request, wait(game === 'lanna-scratch' ? 0 : 450)])
    .then(([round]) =>
      renderRound(round, () => {
        if (round.balanceMinor) element('balance').textContent = money(round.balanceMinor);
        const won = BigInt(round.winMinor ?? '0') > 0n;
        // The card plays its own win sound as it shows the winning cells.
        if (game !== 'lanna-scratch') sound(won ? 'win' : 'lose');
        say(
          round.status === 'settled'
            ? `Stake ${money(round.stakeMinor)}, win ${money(round.winMinor ?? '0')}`
            : 'The win is being paid; it will show shortly.',
        );
        Promise.all([refreshRounds(), refreshFair()]).catch((error: unknown) =>
          say((error as Error).message),
        );
      }),
    )
    .catch((error: unknown) => {
      idleBoard();
      say((error as Error).message);
    })
    .finally(() => (playButton.disabled = false));
};

element('bet').addEventListener('submit', (event) => {
  event.preventDefault();
  play();
});

// Space or Enter plays from anywhere on the page except a control, which keeps its own keys.
document.addEventListener('keydown', (event) => {
  if (event.key !== ' ' && event.key !== 'Enter') return;
  if (event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement | null;
  if (target?.closest('a, button, input, select, textarea, summary, [contenteditable="true"]'))
    return;
  event.preventDefault();
  play();
});

if (game === 'lanna-dice') {
  input('target').addEventListener('input', () => {
    showOdds();
    if (!stage.querySelector('.roll.won, .roll.lost')) idleBoard();
  });
  showOdds();
}

element('rotate').addEventListener('submit', (event) => {
  event.preventDefault();
  const value = input('new-client-seed').value.trim();
  void api<unknown>('/api/fair/rotate', {
    method: 'POST',
    body: JSON.stringify({ clientSeed: value === '' ? null : value }),
  })
    .then(refreshFair)
    .catch((error: unknown) => say((error as Error).message));
});

idleBoard();
void openSession()
  .then(() => Promise.all([refreshRounds(), refreshFair()]))
  .catch((error: unknown) => say(`Could not open the game: ${(error as Error).message}`));
