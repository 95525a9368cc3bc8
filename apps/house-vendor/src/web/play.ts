import type { HouseGameCode } from '@lanna/contract/games/house-games';
import type { GameOutcome } from '../games/catalog.ts';
import type { RoundView } from '../rounds/rounds.ts';
import { PAYLINES } from '../games/slot.ts';
import { formatMinor } from './format.ts';

type Round = RoundView;

const element = (id: string) => document.getElementById(id) as HTMLElement;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const main = document.querySelector<HTMLElement>('main.game');
const game = (main?.dataset.game ?? 'lanna-slot') as HouseGameCode;
const params = new URLSearchParams(location.search);
const decimals = Number(params.get('decimals') ?? '2');
const currency = params.get('currency') ?? '';
const STORAGE_KEY = `house-vendor-session:${game}`;
let sessionId = sessionStorage.getItem(STORAGE_KEY) ?? '';
const money = (minor: string | null) =>
  minor === null ? '…' : `${formatMinor(minor, decimals)} ${currency}`;
const say = (text: string) => (element('message').textContent = text);

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
  if (!body.success)
    throw new Error(
      body.code === 'INSUFFICIENT_BALANCE'
        ? 'Not enough balance for this stake.'
        : `${body.code}: ${body.message}`,
    );
  return body.value;
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
    history.replaceState(null, '', `${location.pathname}?${params.toString()}`);
    element('mode').textContent = value.mode === 'free' ? '(free play: play money)' : '';
    element('balance').textContent = money(value.balanceMinor);
    return;
  }
  const value = await api<{ balanceMinor: string }>('/api/balance');
  element('balance').textContent = money(value.balanceMinor);
};

const STAKES = [100, 200, 500, 1000, 5000].map((units) =>
  (units * 10 ** Math.max(0, decimals - 2)).toString(),
);
const stakeSelect = document.getElementById('stake') as HTMLSelectElement;
for (const stake of STAKES) stakeSelect.add(new Option(money(stake), stake));

const renderSlot = (outcome: Extract<GameOutcome, { game: 'lanna-slot' }>['slot']) => {
  const winning = new Set<string>();
  for (const win of outcome.lineWins)
    PAYLINES[win.line]?.slice(0, win.run).forEach((row, reel) => winning.add(`${reel}:${row}`));
  const cells: string[] = [];
  for (let row = 0; row < 3; row += 1)
    for (let reel = 0; reel < 5; reel += 1) {
      const symbol = outcome.window[reel]?.[row] ?? '';
      cells.push(
        `<div class="cell${winning.has(`${reel}:${row}`) ? ' win' : ''}" role="img" aria-label="${symbol}">${symbol}</div>`,
      );
    }
  const wins = outcome.lineWins
    .map(
      (win) =>
        `<li>Line ${win.line + 1}: ${win.run} × ${win.symbol} pays ${win.pay} line bets</li>`,
    )
    .join('');
  return `<div class="reels">${cells.join('')}</div><ul>${wins}</ul>${outcome.jackpot ? '<p><strong>JACKPOT!</strong></p>' : ''}`;
};

const renderScratch = (outcome: Extract<GameOutcome, { game: 'lanna-scratch' }>['scratch']) =>
  `<div class="scratch">${outcome.cells
    .map(
      (prize, index) =>
        `<button type="button" class="scratch-cell" data-prize="${prize}" aria-label="Cell ${index + 1}, covered">?</button>`,
    )
    .join('')}</div><p><button type="button" id="reveal-all">Reveal all</button></p>`;

const describe = (round: Round): string => {
  const outcome = round.outcome;
  if (!outcome) return round.status;
  if (outcome.game === 'lanna-slot') return `${outcome.slot.lineWins.length} winning lines`;
  if (outcome.game === 'lanna-dice')
    return `rolled ${(outcome.dice.roll / 100).toFixed(2)} under ${outcome.dice.target}`;
  return outcome.scratch.prize === null ? 'no prize' : `${outcome.scratch.prize}× prize`;
};

const renderRound = (round: Round) => {
  const stage = element('stage');
  const outcome = round.outcome;
  if (!outcome) return;
  if (outcome.game === 'lanna-slot') stage.innerHTML = renderSlot(outcome.slot);
  else if (outcome.game === 'lanna-dice')
    stage.innerHTML = `<p class="roll">Roll <strong>${(outcome.dice.roll / 100).toFixed(2)}</strong> (under ${outcome.dice.target} wins): ${outcome.dice.won ? 'won' : 'lost'}</p>`;
  else {
    stage.innerHTML = renderScratch(outcome.scratch);
    const reveal = (button: HTMLButtonElement) => {
      button.textContent = `${button.dataset.prize ?? ''}×`;
      button.setAttribute('aria-label', `${button.dataset.prize ?? ''} times`);
    };
    stage
      .querySelectorAll<HTMLButtonElement>('.scratch-cell')
      .forEach((button) => button.addEventListener('click', () => reveal(button)));
    element('reveal-all').addEventListener('click', () =>
      stage.querySelectorAll<HTMLButtonElement>('.scratch-cell').forEach(reveal),
    );
  }
};

const refreshRounds = async () => {
  const { rounds } = await api<{ rounds: Round[] }>('/api/rounds');
  element('rounds').innerHTML =
    rounds.length === 0
      ? '<p>No rounds yet.</p>'
      : `<table><thead><tr><th>Time</th><th>Stake</th><th>Win</th><th>Result</th><th>Nonce</th></tr></thead><tbody>${rounds
          .map(
            (round) =>
              `<tr><td>${new Date(round.createdAt).toLocaleTimeString()}</td><td>${money(round.stakeMinor)}</td><td>${money(round.winMinor ?? '0')}</td><td>${describe(round)} (${round.status})</td><td>${round.nonce}</td></tr>`,
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

element('bet').addEventListener('submit', (event) => {
  event.preventDefault();
  const button = document.getElementById('play') as HTMLButtonElement;
  button.disabled = true;
  say('');
  const target = game === 'lanna-dice' ? Number(input('target').value) : undefined;
  void api<Round>(`/api/games/${game}/rounds`, {
    method: 'POST',
    body: JSON.stringify({ stakeMinor: stakeSelect.value, target }),
  })
    .then(async (round) => {
      renderRound(round);
      if (round.balanceMinor) element('balance').textContent = money(round.balanceMinor);
      say(
        round.status === 'settled'
          ? `Stake ${money(round.stakeMinor)}, win ${money(round.winMinor ?? '0')}`
          : 'The win is being paid; it will show shortly.',
      );
      await Promise.all([refreshRounds(), refreshFair()]);
    })
    .catch((error: unknown) => say((error as Error).message))
    .finally(() => (button.disabled = false));
});

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

void openSession()
  .then(() => Promise.all([refreshRounds(), refreshFair()]))
  .catch((error: unknown) => say(`Could not open the game: ${(error as Error).message}`));
