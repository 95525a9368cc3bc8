import { fileURLToPath } from 'node:url';
import { HOUSE_GAMES, type HouseGameCode } from '@lanna/contract/games/house-games';
import { build } from 'esbuild';
import type { GameRules } from '../games/catalog.ts';
import { SLOT_SYMBOLS } from '../games/slot.ts';

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
</head>
<body>
<script type="application/json" id="rules">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>
${body}
<script type="module" src="/assets/${script}"></script>
</body>
</html>`;

const slotPaytable = (rules: GameRules) => `
<table class="paytable"><caption>Paytable: pays per line bet, 10 lines, left to right</caption>
<thead><tr><th scope="col">Symbol</th><th scope="col">3</th><th scope="col">4</th><th scope="col">5</th></tr></thead>
<tbody>${SLOT_SYMBOLS.map(
  (symbol) =>
    `<tr><th scope="row"><span class="sym sym-${symbol}">${symbol}</span></th>${rules.slotPaytable[
      symbol
    ]
      .map((pay) => `<td>${pay}</td>`)
      .join('')}</tr>`,
).join('')}</tbody></table>`;

export const gamePage = (game: HouseGameCode, rules: GameRules): string => {
  const meta = HOUSE_GAMES.find((entry) => entry.code === game);
  const name = meta?.name ?? game;
  const rtp = game === 'lanna-slot' ? 'slot' : game === 'lanna-dice' ? 'dice' : 'scratch';
  const controls =
    game === 'lanna-dice'
      ? `<label class="field">Win when the roll is under <input id="target" type="number" min="2" max="95" value="50" inputmode="numeric"> %</label>`
      : '';
  return shell(
    name,
    `<main class="game" data-game="${game}" data-rtp="${rtp}">
<header class="bar"><h1>${escapeHtml(name)}</h1><p class="balance">Balance <strong id="balance">…</strong> <span id="mode" class="mode"></span></p></header>
<section class="stage" id="stage" aria-live="polite"></section>
<form class="controls" id="bet">
<label class="field">Stake <select id="stake"></select></label>
${controls}
<button type="submit" id="play" class="primary">Play</button>
</form>
<p id="message" class="message" role="status"></p>
${game === 'lanna-slot' ? slotPaytable(rules) : ''}
<section class="panel"><h2>Provably fair</h2>
<p>Server seed hash (SHA-256, committed before you play): <code id="seed-hash">…</code></p>
<p>Client seed: <code id="client-seed">…</code>, next nonce <code id="nonce">…</code></p>
<form id="rotate" class="controls"><label class="field">New client seed <input id="new-client-seed" maxlength="64" pattern="[A-Za-z0-9_-]{1,64}"></label>
<button type="submit">Reveal and start a new seed</button></form>
<ul id="revealed" class="revealed"></ul>
<p><a href="/verify" target="_blank" rel="noopener">Verify a round</a></p>
</section>
<section class="panel"><h2>Your last 10 rounds</h2><div id="rounds"></div></section>
</main>`,
    'play.js',
    { game, diceRtpBps: rules.diceRtpBps, slotPaytable: rules.slotPaytable },
  );
};

export const verifyPage = (rules: GameRules): string =>
  shell(
    'Verify a round',
    `<main class="game"><h1>Verify a round</h1>
<p>Enter a revealed server seed, its client seed and a round's nonce: the outcome is recomputed in this browser with the same code the house vendor plays with.</p>
<form id="verify" class="verify">
<label class="field">Game <select id="v-game">${HOUSE_GAMES.map((g) => `<option value="${g.code}">${escapeHtml(g.name)}</option>`).join('')}</select></label>
<label class="field">Server seed <input id="v-server" required pattern="[0-9a-f]{64}" autocomplete="off"></label>
<label class="field">Client seed <input id="v-client" required maxlength="64"></label>
<label class="field">Nonce <input id="v-nonce" type="number" min="0" required value="0"></label>
<label class="field">Dice target <input id="v-target" type="number" min="2" max="95" value="50"></label>
<button type="submit" class="primary">Recompute</button>
</form>
<section aria-live="polite"><p>SHA-256 of the server seed: <code id="v-hash"></code></p><pre id="v-outcome" class="outcome"></pre></section>
</main>`,
    'verify.js',
    { diceRtpBps: rules.diceRtpBps, slotPaytable: rules.slotPaytable },
  );
