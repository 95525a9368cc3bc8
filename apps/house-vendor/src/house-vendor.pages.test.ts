import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_SYMBOLS } from './games/slot.ts';
import type { RoundView } from './rounds/rounds.ts';
import {
  removeDataDir,
  startVendor,
  stopVendor,
  tempDataDir,
  type VendorUnderTest,
} from './testing.ts';
import { SLOT_SYMBOL_NAMES } from './web/symbols.ts';

/**
 * The house games' pages as the vendor serves them and the round list they read (issue 29), on
 * a vendor playing free play, which needs no platform: per-game history, drawn symbols with
 * names, each game's rules and published RTP, the way back to the lobby, sound off at first.
 */
type Envelope<T> = { success: boolean; code: string; value: T };

describe('house game pages', () => {
  let vendor: VendorUnderTest;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    // Free play never calls the platform: an address nothing answers at is enough.
    vendor = await startVendor({ platformUrl: 'http://127.0.0.1:1', dataDir });
  });
  afterAll(async () => {
    await stopVendor(vendor);
    removeDataDir(dataDir);
  });

  const page = async (path: string) => {
    const response = await fetch(`${vendor.url}${path}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  it("lists only the page's own game in the player's last rounds", async () => {
    const opened = await fetch(`${vendor.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchant: 'lanna', currency: 'THB', decimals: 2, mode: 'free' }),
    });
    const { sessionId } = ((await opened.json()) as Envelope<{ sessionId: string }>).value;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${sessionId}` };
    for (const [game, bet] of [
      ['lanna-slot', { stakeMinor: '100' }],
      ['lanna-dice', { stakeMinor: '100', target: 50 }],
      ['lanna-slot', { stakeMinor: '100' }],
      ['lanna-scratch', { stakeMinor: '100' }],
    ] as const) {
      const played = await fetch(`${vendor.url}/api/games/${game}/rounds`, {
        method: 'POST',
        headers,
        body: JSON.stringify(bet),
      });
      expect(played.status).toBe(200);
    }
    const roundsOf = async (query: string) => {
      const response = await fetch(`${vendor.url}/api/rounds${query}`, { headers });
      return {
        status: response.status,
        body: (await response.json()) as Envelope<{ rounds: RoundView[] }>,
      };
    };
    const slot = await roundsOf('?game=lanna-slot');
    expect(slot.body.value.rounds.map((round) => round.game)).toEqual(['lanna-slot', 'lanna-slot']);
    const dice = await roundsOf('?game=lanna-dice');
    expect(dice.body.value.rounds.map((round) => round.game)).toEqual(['lanna-dice']);
    // A page names its game: a list without one, or of another vendor's game, is refused.
    expect((await roundsOf('')).status).toBe(400);
    expect((await roundsOf('?game=other')).status).toBe(400);
  });

  it('draws every slot symbol in the paytable as a named picture, with no word for it', async () => {
    const html = await page('/games/lanna-slot');
    for (const symbol of SLOT_SYMBOLS) {
      expect(html).toContain(`role="img" aria-label="${SLOT_SYMBOL_NAMES[symbol]}"`);
      expect(html).not.toContain(`>${symbol}<`);
    }
  });

  it("shows each game's rules and its published return to player", async () => {
    const slot = await page('/games/lanna-slot');
    expect(slot).toContain('10 fixed paylines');
    // The default configuration: a 96% slot, a 98% dice game; the card's table makes 95%.
    expect(slot).toContain('Return to player: <strong>96.00%</strong>');
    expect(slot.match(/aria-label="Line \d+:/g)).toHaveLength(10);
    const dice = await page('/games/lanna-dice');
    expect(dice).toContain('you win when it lands under your target');
    expect(dice).toContain('pays 1.96 times the stake');
    expect(dice).toContain('Return to player: <strong>98.00%</strong>');
    const scratch = await page('/games/lanna-scratch');
    expect(scratch).toContain('three of the same prize win that prize times the stake');
    expect(scratch).toContain('aria-label="Crown, 100 times the stake"');
    expect(scratch).toContain('Return to player: <strong>95.00%</strong>');
  });

  it("links back to the launch's lobby, and steps back in history without a web address", async () => {
    const back = encodeURIComponent('http://lanna.localhost:3000/rng?vendor=HOUSE');
    const linked = await page(`/games/lanna-dice?mode=free&backUrl=${back}`);
    expect(linked).toContain(
      '<a class="back" id="back" href="http://lanna.localhost:3000/rng?vendor=HOUSE">',
    );
    for (const query of ['', `?backUrl=${encodeURIComponent('javascript:alert(1)')}`]) {
      const html = await page(`/games/lanna-dice${query}`);
      expect(html).toContain('<button type="button" class="back" id="back" data-history="back">');
      expect(html).not.toContain('javascript:');
    }
  });

  it('starts with the sound off, on a toggle button', async () => {
    const html = await page('/games/lanna-scratch');
    expect(html).toContain('<button type="button" class="sound" id="sound" aria-pressed="false">');
  });
});
