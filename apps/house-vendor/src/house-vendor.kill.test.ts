import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import {
  DEMO_ACCOUNTS,
  loginAs,
  openListeningPlatform,
  type ListeningPlatform,
} from '@lanna/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, tempDataDir } from './testing.ts';

/**
 * The house vendor as a real process, killed with SIGKILL in the middle of a round's wallet call
 * (acceptance of issue 5: no money in limbo). A proxy between the vendor and the platform
 * holds the chosen call, so the kill lands exactly there: before the call reaches the platform,
 * or after the platform applied it but before its answer came back. The vendor is then started
 * again on the same data directory, and the platform's own records are checked: the round is
 * settled (its win paid once) or cancelled (its stake rolled back), never left open, and the
 * ledger still balances with the member's wallet where those movements put it.
 */
const repoRoot = resolve(import.meta.dirname, '../../..');
const PASSWORD =
  DEMO_ACCOUNTS.find((account) => account.username === 'demo_member')?.password ?? '';
const STAKE_MINOR = 1000n;
const SETTLE_LIMIT_MS = 60_000;

type Envelope<T> = { success: boolean; code: string; value: T };
const json = async <T>(response: Response): Promise<T> =>
  ((await response.json()) as Envelope<T>).value;

const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });

/** What the proxy does with the next call to `path`; every other call passes through. */
type Hold = { path: string; forward: boolean; arrived: () => void };

/** A loopback proxy to the platform that can hold one wallet call where the test wants it. */
const openProxy = async (target: string) => {
  let hold: Hold | null = null;
  const pass = (incoming: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>(
      (done, fail) => {
        const url = new URL(incoming.url ?? '/', target);
        const outgoing = httpRequest(
          url,
          { method: incoming.method, headers: { ...incoming.headers, host: url.host } },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () =>
              done({
                status: answer.statusCode ?? 502,
                headers: answer.headers,
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        outgoing.once('error', fail);
        outgoing.end(body);
      },
    );
  const server = createServer((incoming, reply) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const held = hold && incoming.url === hold.path ? hold : null;
      if (held) {
        hold = null;
        // The vendor never hears back: it is killed while it waits.
        if (!held.forward) return held.arrived();
        void pass(incoming, body).then(() => held.arrived());
        return;
      }
      pass(incoming, body)
        .then((answer) => {
          reply.writeHead(answer.status, answer.headers);
          reply.end(answer.body);
        })
        .catch(() => reply.destroy());
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Resolves once the next call to `path` was held (and, if `forward`, applied). */
    holdNext: (path: string, forward: boolean) =>
      new Promise<void>((arrived) => {
        hold = { path, forward, arrived };
      }),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};

type VendorProcess = { child: ChildProcess; url: string };

/** `npm start`'s vendor process: main.ts on its own port and data directory. */
const startVendorProcess = async (dataDir: string, platformUrl: string): Promise<VendorProcess> => {
  const port = await freePort();
  // tsx as a loader of this very process, not its CLI: the CLI runs the program in a child
  // process of its own, which a SIGKILL to the CLI would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/house-vendor/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOUSE_VENDOR_PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      HOUSE_VENDOR_DATABASE_URL: '',
      PLATFORM_URL: platformUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 90_000) {
    if (child.exitCode !== null) throw new Error(`the vendor exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, url };
    await new Promise((wake) => setTimeout(wake, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the vendor did not start');
};

const killHard = (vendor: VendorProcess) =>
  new Promise<void>((done) => {
    if (vendor.child.exitCode !== null || vendor.child.signalCode !== null) return done();
    vendor.child.once('exit', () => done());
    vendor.child.kill('SIGKILL');
  });

const stopGently = (vendor: VendorProcess) =>
  new Promise<void>((done) => {
    if (vendor.child.exitCode !== null || vendor.child.signalCode !== null) return done();
    vendor.child.once('exit', () => done());
    vendor.child.kill('SIGTERM');
  });

type RoundRow = {
  status: string;
  debit_minor: string;
  credit_minor: string;
  rollback_minor: string;
};

describe('killing the house vendor process mid-round', () => {
  let platform: ListeningPlatform;
  let proxy: Awaited<ReturnType<typeof openProxy>>;
  let memberToken = '';
  let memberId = 0;
  const dirs: string[] = [];
  const running: VendorProcess[] = [];

  beforeAll(async () => {
    platform = await openListeningPlatform({ HOUSE_VENDOR_URL: 'http://127.0.0.1:1' });
    proxy = await openProxy(platform.url);
    memberToken = (await loginAs(platform.app, { username: 'demo_member', password: PASSWORD }))
      .token;
    memberId = Number(
      (
        await platform.testDb.db.one<{ id: string }>(
          `SELECT m.id FROM members m JOIN merchants c ON c.id = m.merchant_id
           WHERE m.username = 'demo_member' AND c.code = 'lanna'`,
        )
      ).id,
    );
  });
  afterAll(async () => {
    await Promise.all(running.map(killHard));
    await proxy.close();
    await platform.close();
    dirs.forEach(removeDataDir);
  });

  const balance = async (): Promise<bigint> =>
    BigInt(
      (
        await json<{ balanceMinor: string }>(
          await fetch(`${platform.url}/wps/v2/wallets/balance`, {
            headers: { authorization: `Bearer ${memberToken}` },
          }),
        )
      ).balanceMinor,
    );

  const houseRounds = () =>
    platform.testDb.db.query<RoundRow & { round_id: string }>(
      `SELECT round_id, status, debit_minor::text, credit_minor::text, rollback_minor::text
       FROM vendor_rounds WHERE vendor_code = 'HOUSE' AND member_id = $1 ORDER BY id`,
      [memberId],
    );

  /**
   * No round of the member is left open, and the ledger's invariants hold: every transfer sums
   * to zero, each balance is its entries' sum.
   */
  const expectLedgerBalanced = async () => {
    expect((await houseRounds()).filter((round) => round.status === 'open')).toEqual([]);
    const db = platform.testDb.db;
    const unbalanced = await db.query<{ transfer_id: string }>(
      'SELECT transfer_id FROM ledger_entries GROUP BY transfer_id HAVING sum(amount_minor) <> 0',
    );
    expect(unbalanced).toEqual([]);
    const drifted = await db.query<{ id: string }>(
      `SELECT a.id FROM ledger_accounts a
       LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM ledger_entries
                  GROUP BY account_id) e ON e.account_id = a.id
       WHERE a.balance_minor <> coalesce(e.total, 0)`,
    );
    expect(drifted).toEqual([]);
  };

  /** The launch and the vendor sitting a player's browser opens, then one spin sent off. */
  const spinOnce = async (vendor: VendorProcess) => {
    const launched = await fetch(
      `${platform.url}/wps/game/launchGame?vassalage=HOUSE&gameCode=lanna-slot`,
      { headers: { authorization: `Bearer ${memberToken}` } },
    );
    const params = new URL((await json<{ url: string }>(launched)).url).searchParams;
    const opened = await fetch(`${vendor.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(params)),
    });
    const { sessionId } = await json<{ sessionId: string }>(opened);
    // The player's request dies with the process; what matters is what the platform keeps.
    void fetch(`${vendor.url}/api/games/lanna-slot/rounds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionId}` },
      body: JSON.stringify({ stakeMinor: STAKE_MINOR.toString() }),
    }).catch(() => undefined);
  };

  /** Kills the vendor when `path` is held, restarts it, and waits for the round to close. */
  const killAt = async (path: string, forward: boolean) => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const before = await balance();
    const roundsBefore = (await houseRounds()).length;
    const first = await startVendorProcess(dataDir, proxy.url);
    running.push(first);
    const held = proxy.holdNext(path, forward);
    await spinOnce(first);
    await held;
    await killHard(first);

    const [limbo] = (await houseRounds()).slice(roundsBefore);
    const second = await startVendorProcess(dataDir, proxy.url);
    running.push(second);
    const started = Date.now();
    let round = (await houseRounds()).slice(roundsBefore)[0];
    while (round?.status === 'open' && Date.now() - started < SETTLE_LIMIT_MS) {
      await new Promise((wake) => setTimeout(wake, 250));
      round = (await houseRounds()).slice(roundsBefore)[0];
    }
    await stopGently(second);
    return { before, limbo, round, after: await balance() };
  };

  it('settles a round killed before its win reached the platform: the win is paid once', async () => {
    const { before, limbo, round, after } = await killAt('/vendor/v1/credit', false);
    // Between the kill and the restart the stake is taken and the round open.
    expect(limbo).toMatchObject({ status: 'open', debit_minor: '1000', credit_minor: '0' });
    expect(round).toMatchObject({ status: 'settled', debit_minor: '1000', rollback_minor: '0' });
    expect(after).toBe(before - STAKE_MINOR + BigInt(round?.credit_minor ?? 'x'));
    await expectLedgerBalanced();
  });

  it('settles a round killed after the platform paid the win but before the answer: paid once', async () => {
    const { before, limbo, round, after } = await killAt('/vendor/v1/credit', true);
    expect(limbo).toMatchObject({ status: 'settled', debit_minor: '1000' });
    // The restarted vendor sends the credit again under its key; the platform replays it.
    expect(round).toEqual(limbo);
    expect(after).toBe(before - STAKE_MINOR + BigInt(round?.credit_minor ?? 'x'));
    await expectLedgerBalanced();
  });

  it('cancels a round killed after the platform took the stake but before the answer: refunded', async () => {
    const { before, limbo, round, after } = await killAt('/vendor/v1/debit', true);
    expect(limbo).toMatchObject({ status: 'open', debit_minor: '1000' });
    expect(round).toMatchObject({
      status: 'cancelled',
      debit_minor: '1000',
      rollback_minor: '1000',
      credit_minor: '0',
    });
    expect(after).toBe(before);
    await expectLedgerBalanced();
  });

  it('leaves no round at all when the kill came before the stake reached the platform', async () => {
    const { before, limbo, after } = await killAt('/vendor/v1/debit', false);
    expect(limbo).toBeUndefined();
    expect(after).toBe(before);
    await expectLedgerBalanced();
  });
});
