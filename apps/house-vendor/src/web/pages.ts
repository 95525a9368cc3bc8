import { fileURLToPath } from 'node:url';
import { HOUSE_GAMES, type HouseGameCode } from '@lanna/contract/games/house-games';
import { build } from 'esbuild';
import type { GameRules } from '../games/catalog.ts';
import { DICE_MAX_TARGET, DICE_MIN_TARGET } from '../games/dice.ts';
import {
  SCRATCH_PRIZES,
  SCRATCH_WEIGHT_TOTAL,
  SCRATCH_WEIGHTS,
  scratchRtpBasisPoints,
} from '../games/scratch.ts';
import { LINE_COUNT, PAYLINES, rtpBasisPoints, SLOT_SYMBOLS } from '../games/slot.ts';
import {
  backArrowSvg,
  scratchPrizeSvg,
  slotSymbolSvg,
  SLOT_SYMBOL_NAMES,
  speakerSvg,
} from './symbols.ts';

export type WebAssets = { files: Map<string, { type: string; body: string }> };

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The browser code, bundled once at start from the same TypeScript the vendor plays with (the
 * verify page recomputes outcomes with the vendor's own functions). Nothing is fetched from
 * outside at run time.
 */
export const buildWebAssets = async (): Promise<WebAssets> => {
  const result = await build({
    entryPoints: { play: here('./play.ts'), verify: here('./verify.ts') },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    outdir: 'out',
    loader: { '.css': 'css' },
  });
  const files = new Map<string, { type: string; body: string }>();
  for (const file of result.outputFiles) {
    const name = file.path.split('/').pop() ?? '';
    files.set(name, {
      type: name.endsWith('.css') ? 'text/css' : 'text/javascript',
      body: file.text,
    });
  }
  const css = await build({
    entryPoints: [here('./styles.css')],
    bundle: true,
    minify: true,
    write: false,
  });
  files.set('styles.css', { type: 'text/css', body: css.outputFiles[0]?.text ?? '' });
  return { files };
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const shell = (title: string, body: string, script: string, data: unknown) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/styles.css">
<link rel="icon" href="data:,">
</head>
<body>
<script type="application/json" id="rules">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>
${body}
<script type="module" src="/assets/${script}"></script>
</body>
</html>`;

/** A percentage from basis points, as published: 9600 is 96.00%. */
const percentOf = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/** The return to player each game publishes, from the rules it plays by. */
export const publishedRtpBps = (game: HouseGameCode, rules: GameRules): number => {
  switch (game) {
    case 'lanna-slot':
      return rtpBasisPoints(rules.slotPaytable);
    case 'lanna-dice':
      return rules.diceRtpBps;
    case 'lanna-scratch':
      return scratchRtpBasisPoints();
  }
};

/**
 * Where the page's back link goes: the launch's backUrl when it is a web address (anything
 * else, a javascript: URL above all, is ignored), else null and the page steps back in the
 * browser's history instead.
 */
export const backUrlOf = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
};

const slotPaytable = (rules: GameRules) => `
<table class="paytable"><caption>Pays per line bet, for 3, 4 or 5 in a row from the left</caption>
<thead><tr><th scope="col">Symbol</th><th scope="col">3</th><th scope="col">4</th><th scope="col">5</th></tr></thead>
<tbody>${SLOT_SYMBOLS.map(
  (symbol) =>
    `<tr><th scope="row" class="paytable-symbol">${slotSymbolSvg(symbol)}<span class="sr-only">${SLOT_SYMBOL_NAMES[symbol]}</span></th>${rules.slotPaytable[
      symbol
    ]
      .map((pay) => `<td>${pay}</td>`)
      .join('')}</tr>`,
).join('')}</tbody></table>`;

/** The ten paylines drawn as small 5 by 3 grids, the rows each crosses lit. */
const paylineDiagrams = () =>
  `<ol class="paylines">${PAYLINES.map((rows, line) => {
    const cells = [0, 1, 2]
      .flatMap((row) =>
        rows.map(
          (lineRow, reel) =>
            `<rect x="${reel * 12 + 1}" y="${row * 12 + 1}" width="10" height="10" rx="2" class="${lineRow === row ? 'on' : 'off'}"/>`,
        ),
      )
      .join('');
    const rowNames = ['top', 'middle', 'bottom'];
    const path = rows.map((row) => rowNames[row]).join(', ');
    return `<li><svg role="img" aria-label="Line ${line + 1}: ${path}" viewBox="0 0 60 36" focusable="false">${cells}</svg></li>`;
  }).join('')}</ol>`;

const slotRules = (rules: GameRules) => `
<p>Five reels, three rows, ${LINE_COUNT} fixed paylines. The stake is shared evenly by the ${LINE_COUNT} lines (the line bet). A line pays when 3, 4 or 5 of one symbol land on it side by side from the leftmost reel; the pay is the number in the paytable times the line bet. Every winning line pays, each for its longest run. Five Stars on a line also win the jackpot pool.</p>
${slotPaytable(rules)}
<h3>Paylines</h3>
${paylineDiagrams()}`;

const diceRules = (rules: GameRules) => {
  const example = (rules.diceRtpBps / 5000).toFixed(2);
  return `
<p>Choose a target from ${DICE_MIN_TARGET} to ${DICE_MAX_TARGET}. A roll from 0.00 to 99.99 is drawn; you win when it lands under your target. The lower the target, the bigger the win: a win pays the stake times ${percentOf(rules.diceRtpBps)} divided by the chance of winning. A target of 50 wins half the time and pays ${example} times the stake.</p>`;
};

const scratchRules = () => `
<p>The card has nine covered cells. Scratch them (tap each, or reveal all): three of the same prize win that prize times the stake. A card shows at most one prize three times, so it wins once or not at all.</p>
<table class="paytable"><caption>Prizes and their chances</caption>
<thead><tr><th scope="col">Three of</th><th scope="col">Pays</th><th scope="col">Chance</th></tr></thead>
<tbody>${SCRATCH_PRIZES.map(
  (prize) =>
    `<tr><th scope="row" class="paytable-symbol">${scratchPrizeSvg(prize)}</th><td>${prize} × stake</td><td>${((SCRATCH_WEIGHTS[prize] / SCRATCH_WEIGHT_TOTAL) * 100).toFixed(1)}%</td></tr>`,
).join('')}</tbody></table>`;

const rulesOf = (game: HouseGameCode, rules: GameRules) => {
  switch (game) {
    case 'lanna-slot':
      return slotRules(rules);
    case 'lanna-dice':
      return diceRules(rules);
    case 'lanna-scratch':
      return scratchRules();
  }
};

const backLink = (backUrl: string | null) =>
  backUrl
    ? `<a class="back" id="back" href="${escapeHtml(backUrl)}">${backArrowSvg()}<span>Lobby</span></a>`
    : `<button type="button" class="back" id="back" data-history="back">${backArrowSvg()}<span>Back</span></button>`;

const gameControls = (game: HouseGameCode) =>
  game === 'lanna-dice'
    ? `<label class="field">Roll under <input id="target" type="number" min="${DICE_MIN_TARGET}" max="${DICE_MAX_TARGET}" value="50" inputmode="numeric" aria-describedby="dice-odds"></label>
<p class="odds" id="dice-odds"></p>`
    : '';

export const gamePage = (
  game: HouseGameCode,
  rules: GameRules,
  launch: { backUrl: string | null },
): string => {
  const meta = HOUSE_GAMES.find((entry) => entry.code === game);
  const name = meta?.name ?? game;
  return shell(
    name,
    `<header class="topbar">
${backLink(launch.backUrl)}
<h1>${escapeHtml(name)}</h1>
<button type="button" class="sound" id="sound" aria-pressed="false">${speakerSvg(false)}<span class="label">Sound</span></button>
</header>
<main class="game" data-game="${game}">
<div class="play-column">
<section class="stage" aria-label="Game">
<p class="balance">Balance <strong id="balance">…</strong> <span id="mode" class="mode"></span></p>
<div class="board" id="stage" aria-live="polite"></div>
<p id="message" class="message" role="status"></p>
<form class="controls" id="bet">
<label class="field">Stake <select id="stake"></select></label>
${gameControls(game)}
<button type="submit" id="play" class="play">${game === 'lanna-slot' ? 'Spin' : game === 'lanna-dice' ? 'Roll' : 'Buy a card'}</button>
</form>
<p class="hint">Space or Enter plays.</p>
</section>
<section class="panel"><h2>Your last 10 rounds</h2><div id="rounds"></div></section>
</div>
<div class="info-column">
<section class="panel rules"><h2>How to play</h2>
${rulesOf(game, rules)}
<p class="rtp">Return to player: <strong>${percentOf(publishedRtpBps(game, rules))}</strong> over the long run.</p>
</section>
<section class="panel"><h2>Provably fair</h2>
<p>Server seed hash (SHA-256, committed before you play): <code id="seed-hash">…</code></p>
<p>Client seed: <code id="client-seed">…</code>, next nonce <code id="nonce">…</code></p>
<form id="rotate" class="controls"><label class="field">New client seed <input id="new-client-seed" maxlength="64" pattern="[A-Za-z0-9_-]{1,64}"></label>
<button type="submit">Reveal and start a new seed</button></form>
<ul id="revealed" class="revealed"></ul>
<p><a class="text-link" href="/verify" target="_blank" rel="noopener">Verify a round</a></p>
</section>
</div>
</main>`,
    'play.js',
    { game, diceRtpBps: rules.diceRtpBps, slotPaytable: rules.slotPaytable },
  );
};

export const verifyPage = (rules: GameRules): string =>
  shell(
    'Verify a round',
    `<main class="game verify-page"><div class="play-column"><section class="panel">
<h1>Verify a round</h1>
<p>Enter a revealed server seed, its client seed and a round's nonce: the outcome is recomputed in this browser with the same code the house vendor plays with.</p>
<form id="verify" class="verify">
<label class="field">Game <select id="v-game">${HOUSE_GAMES.map((g) => `<option value="${g.code}">${escapeHtml(g.name)}</option>`).join('')}</select></label>
<label class="field">Server seed <input id="v-server" required pattern="[0-9a-f]{64}" autocomplete="off"></label>
<label class="field">Client seed <input id="v-client" required maxlength="64"></label>
<label class="field">Nonce <input id="v-nonce" type="number" min="0" required value="0"></label>
<label class="field">Dice target <input id="v-target" type="number" min="2" max="95" value="50"></label>
<button type="submit" class="play">Recompute</button>
</form>
<div aria-live="polite"><p>SHA-256 of the server seed: <code id="v-hash"></code></p>
<div class="stage" id="v-picture" hidden></div><pre id="v-outcome" class="outcome"></pre></div>
</section></div></main>`,
    'verify.js',
    { diceRtpBps: rules.diceRtpBps, slotPaytable: rules.slotPaytable },
  );
