import {
  DEMO_ACCOUNTS,
  loginAs,
  openListeningPlatform,
  type ListeningPlatform,
} from '@lanna/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeRounds, type RoundView } from './rounds/rounds.ts';
import {
  removeDataDir,
  startVendor,
  stopVendor,
  tempDataDir,
  type VendorUnderTest,
} from './testing.ts';

/**
 * The platform (the real app, listening) and the house vendor, talking over real HTTP through
 * the signed vendor wallet API: a member's balance moves by exactly the stake and the win.
 */
const PASSWORD =
  DEMO_ACCOUNTS.find((account) => account.username === 'demo_member')?.password ?? '';

type Envelope<T> = { success: boolean; code: string; value: T };

const json = async <T>(response: Response): Promise<Envelope<T>> =>
  (await response.json()) as Envelope<T>;

describe('house vendor against the platform over HTTP', () => {
  let platform: ListeningPlatform;
  let memberToken: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    platform = await openListeningPlatform({ HOUSE_VENDOR_URL: 'http://127.0.0.1:1' });
    memberToken = (await loginAs(platform.app, { username: 'demo_member', password: PASSWORD }))
      .token;
  });
  afterAll(async () => {
    await platform.close();
    dirs.forEach(removeDataDir);
  });

  const platformBalance = async (): Promise<bigint> => {
    const response = await fetch(`${platform.url}/wps/v2/wallets/balance`, {
      headers: { authorization: `Bearer ${memberToken}` },
    });
    const body = await json<{ balanceMinor: string }>(response);
    return BigInt(body.value.balanceMinor);
  };

  /** What the player's browser does: the launch, then the vendor's session from its URL. */
  const openSitting = async (vendor: VendorUnderTest, game: string) => {
    const launched = await fetch(
      `${platform.url}/wps/game/launchGame?vassalage=HOUSE&gameCode=${game}`,
      {
        headers: { authorization: `Bearer ${memberToken}` },
      },
    );
    const { url } = (await json<{ url: string }>(launched)).value;
    const params = new URL(url).searchParams;
    const opened = await fetch(`${vendor.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchant: params.get('merchant'),
        currency: params.get('currency'),
        decimals: params.get('decimals'),
        mode: params.get('mode'),
        playerId: params.get('playerId'),
        token: params.get('token'),
      }),
    });
    const body = await json<{ sessionId: string; balanceMinor: string }>(opened);
    expect(body.success).toBe(true);
    return body.value;
  };

  const play = async (vendor: VendorUnderTest, sessionId: string, game: string, bet: object) =>
    fetch(`${vendor.url}/api/games/${game}/rounds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionId}` },
      body: JSON.stringify(bet),
    });

  const freshVendor = async (fetchImpl?: typeof fetch) => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    return startVendor({
      platformUrl: platform.url,
      dataDir,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  };

  it('moves the balance by exactly the stake and the win, round after round, in every game', async () => {
    const vendor = await freshVendor();
    try {
      for (const [game, bet] of [
        ['lanna-slot', { stakeMinor: '1000' }],
        ['lanna-dice', { stakeMinor: '500', target: 50 }],
        ['lanna-scratch', { stakeMinor: '200' }],
      ] as const) {
        const sitting = await openSitting(vendor, game);
        expect(BigInt(sitting.balanceMinor)).toBe(await platformBalance());
        for (let index = 0; index < 4; index += 1) {
          const before = await platformBalance();
          const response = await play(vendor, sitting.sessionId, game, bet);
          const round = (await json<RoundView>(response)).value;
          expect(round.status).toBe('settled');
          const after = await platformBalance();
          expect(after - before).toBe(BigInt(round.winMinor ?? '') - BigInt(bet.stakeMinor));
          expect(BigInt(round.balanceMinor ?? '')).toBe(after);
        }
        const recent = await fetch(`${vendor.url}/api/rounds?game=${game}`, {
          headers: { authorization: `Bearer ${sitting.sessionId}` },
        });
        // The player's last rounds of this game, newest first, whichever sitting played them.
        const { rounds } = (await json<{ rounds: RoundView[] }>(recent)).value;
        expect(rounds).toHaveLength(4);
        expect(rounds.every((round) => round.game === game)).toBe(true);
      }
    } finally {
      await stopVendor(vendor);
    }
  });

  it("refuses a stake above the balance with the platform's INSUFFICIENT_BALANCE and moves nothing", async () => {
    const vendor = await freshVendor();
    try {
      const sitting = await openSitting(vendor, 'lanna-dice');
      const before = await platformBalance();
      const response = await play(vendor, sitting.sessionId, 'lanna-dice', {
        stakeMinor: String(before + 1n),
        target: 50,
      });
      expect(response.status).toBe(409);
      expect((await json(response)).code).toBe('INSUFFICIENT_BALANCE');
      expect(await platformBalance()).toBe(before);
    } finally {
      await stopVendor(vendor);
    }
  });

  it('changes nothing when a bet or a win request is sent again', async () => {
    const vendor = await freshVendor();
    try {
      const sitting = await openSitting(vendor, 'lanna-scratch');
      const round = (
        await json<RoundView>(
          await play(vendor, sitting.sessionId, 'lanna-scratch', { stakeMinor: '400' }),
        )
      ).value;
      const settledBalance = await platformBalance();
      const [row] = await vendor.store.query<{ player_id: string; platform_token: string }>(
        'SELECT player_id, platform_token FROM sessions WHERE id = $1',
        [sitting.sessionId],
      );
      const ids = (kind: string) => ({
        idempotencyKey: `${round.roundId}:${kind}`,
        transactionId: `${round.roundId}:${kind}`,
      });
      const common = { roundId: round.roundId, playerId: row?.player_id ?? '', currency: 'THB' };
      const bet = await vendor.deps.wallet.debit('lanna', {
        ...ids('bet'),
        ...common,
        gameCode: 'lanna-scratch',
        token: row?.platform_token ?? '',
        amountMinor: '400',
      });
      const win = await vendor.deps.wallet.credit('lanna', {
        ...ids('win'),
        ...common,
        amountMinor: round.winMinor ?? '',
        roundClosed: true,
      });
      // The first answers again (the balance right after each movement), and no money moved.
      expect(BigInt(bet.balanceMinor)).toBe(settledBalance - BigInt(round.winMinor ?? ''));
      expect(win.balanceMinor).toBe(round.balanceMinor);
      expect(await platformBalance()).toBe(settledBalance);
    } finally {
      await stopVendor(vendor);
    }
  });

  it('opens no sitting for a forged token', async () => {
    const vendor = await freshVendor();
    try {
      const response = await fetch(`${vendor.url}/api/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          merchant: 'lanna',
          currency: 'THB',
          mode: 'real',
          playerId: '1',
          token: 'A'.repeat(43),
        }),
      });
      expect(response.status).toBe(401);
      expect((await json(response)).code).toBe('VENDOR_SESSION_INVALID');
    } finally {
      await stopVendor(vendor);
    }
  });

  const pathOf = (input: string | URL | Request) =>
    new URL(input instanceof Request ? input.url : input).pathname;

  /** A fetch that "kills the vendor" at a chosen wallet call: the call is sent (or not), the answer lost. */
  class Crash extends Error {}
  const crashingFetch = (path: string, send: boolean): typeof fetch => {
    let armed = true;
    return async (input, init) => {
      const url = pathOf(input);
      if (armed && url.endsWith(path)) {
        armed = false;
        if (send) await fetch(input, init);
        throw new Crash(`killed at ${path}`);
      }
      return fetch(input, init);
    };
  };

  it('resumes a round killed after the debit, before the credit: the win from the round log is paid once', async () => {
    const vendor = await freshVendor(crashingFetch('/vendor/v1/credit', false));
    const sitting = await openSitting(vendor, 'lanna-scratch');
    const before = await platformBalance();
    const response = await play(vendor, sitting.sessionId, 'lanna-scratch', { stakeMinor: '300' });
    expect(response.status).toBe(500);
    await stopVendor(vendor);
    // Killed: the stake is gone, the win not yet paid.
    expect(await platformBalance()).toBe(before - 300n);

    const restarted = await startVendor({ platformUrl: platform.url, dataDir: vendor.dataDir });
    try {
      expect(await resumeRounds(restarted.deps, 0)).toEqual({ voided: 0, settled: 1, failed: 0 });
      const rounds = await restarted.store.query<{ status: string; win_minor: string }>(
        'SELECT status, win_minor FROM rounds',
      );
      expect(rounds).toEqual([
        { status: 'settled', win_minor: expect.stringMatching(/^[0-9]+$/) as string },
      ]);
      expect(await platformBalance()).toBe(before - 300n + BigInt(rounds[0]?.win_minor ?? ''));
      // Running it again changes nothing: the round is settled, the credit would be a replay.
      expect(await resumeRounds(restarted.deps, 0)).toEqual({ voided: 0, settled: 0, failed: 0 });
    } finally {
      await stopVendor(restarted);
    }
  });

  it('voids a round killed while its debit was in flight: the stake comes back', async () => {
    const vendor = await freshVendor(crashingFetch('/vendor/v1/debit', true));
    const sitting = await openSitting(vendor, 'lanna-slot');
    const before = await platformBalance();
    const response = await play(vendor, sitting.sessionId, 'lanna-slot', { stakeMinor: '1000' });
    expect(response.status).toBe(500);
    await stopVendor(vendor);
    expect(await platformBalance()).toBe(before - 1000n);

    const restarted = await startVendor({ platformUrl: platform.url, dataDir: vendor.dataDir });
    try {
      expect(await resumeRounds(restarted.deps, 0)).toEqual({ voided: 1, settled: 0, failed: 0 });
      expect(await platformBalance()).toBe(before);
      const [round] = await restarted.store.query<{ status: string; outcome: unknown }>(
        'SELECT status, outcome FROM rounds',
      );
      // Its outcome was never drawn, so nobody could have seen it.
      expect(round).toEqual({ status: 'voided', outcome: null });
    } finally {
      await stopVendor(restarted);
    }
  });

  it('rolls a debit whose answer was lost back at once, and the player is told to try again', async () => {
    let lose = true;
    const losingFetch: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (lose && pathOf(input) === '/vendor/v1/debit') {
        lose = false;
        throw new TypeError('fetch failed');
      }
      return answer;
    };
    const vendor = await freshVendor(losingFetch);
    try {
      const sitting = await openSitting(vendor, 'lanna-dice');
      const before = await platformBalance();
      const response = await play(vendor, sitting.sessionId, 'lanna-dice', {
        stakeMinor: '700',
        target: 40,
      });
      expect(response.status).toBe(503);
      expect((await json(response)).code).toBe('WALLET_UNAVAILABLE');
      expect(await platformBalance()).toBe(before);
      const [round] = await vendor.store.query<{ status: string }>('SELECT status FROM rounds');
      expect(round?.status).toBe('voided');
    } finally {
      await stopVendor(vendor);
    }
  });

  it('voids a debit that never reached the platform without moving anything', async () => {
    const vendor = await freshVendor(crashingFetch('/vendor/v1/debit', false));
    const sitting = await openSitting(vendor, 'lanna-dice');
    const before = await platformBalance();
    await play(vendor, sitting.sessionId, 'lanna-dice', { stakeMinor: '100', target: 30 });
    await stopVendor(vendor);
    const restarted = await startVendor({ platformUrl: platform.url, dataDir: vendor.dataDir });
    try {
      expect(await resumeRounds(restarted.deps, 0)).toEqual({ voided: 1, settled: 0, failed: 0 });
      expect(await platformBalance()).toBe(before);
    } finally {
      await stopVendor(restarted);
    }
  });
});
