// Proves the README's promise that `npm start` alone runs the site: scripts/serve.ts as `npm
// run serve` (what `npm start` runs after the build) runs it, in production on a fresh data directory with nothing
// configured starts the platform and the house vendor, the site's home page loads in Chromium,
// and a member's real-money game session opens at the house vendor, which means the two
// processes agree on the house vendor's secret that serve.ts made for this data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  encryptPayload,
  solveHumanChallenge,
  type HumanChallenge,
  type SessionKey,
} from '@lanna/contract';
import { freePort, waitForAnswer } from '@lanna/server/testing/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const browser = useBrowser();

let serve: ChildProcess;
let dataDir: string;
let site: string;
let vendorUrl: string;

beforeAll(async () => {
  const [port, vendorPort] = [await freePort(), await freePort()];
  dataDir = mkdtempSync(join(tmpdir(), 'lanna-start-'));
  // Only what picks free ports and a fresh directory: no secrets, no keys, no hosts.
  const unset = new Set(['DATABASE_URL', 'HOUSE_VENDOR_SECRET', 'HOUSE_VENDOR_URL']);
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.has(name))),
    PORT: String(port),
    HOUSE_VENDOR_PORT: String(vendorPort),
    DATA_DIR: dataDir,
    // As package.json's serve script runs it.
    NODE_ENV: 'production',
  };
  serve = spawn(process.execPath, ['scripts/serve.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  site = `http://localhost:${port}`;
  vendorUrl = `http://localhost:${vendorPort}`;
  await waitForAnswer(`${site}/healthz`, serve, { limitMs: 150_000, pollMs: 250 });
  await waitForAnswer(`${vendorUrl}/health`, serve, { limitMs: 60_000, pollMs: 250 });
}, 240_000);

afterAll(async () => {
  if (serve.pid && serve.exitCode === null) {
    process.kill(-serve.pid, 'SIGTERM');
    await new Promise((done) => serve.once('exit', done));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const valueOf = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  return ((await response.json()) as { value: T }).value;
};

/** Signs in over HTTP as the site does: payload key, solved human check, sealed credentials. */
const signIn = async (username: string, password: string): Promise<string> => {
  const key = await valueOf<SessionKey>(await fetch(`${site}/wps/session/key`));
  const challenge = await valueOf<HumanChallenge>(await fetch(`${site}/wps/human/challenge`));
  const body = await encryptPayload(key, {
    username,
    password,
    humanVerification: await solveHumanChallenge(challenge),
  });
  const response = await fetch(`${site}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await valueOf<{ token: string }>(response)).token;
};

describe('npm start on a fresh machine', () => {
  it('serves the home page and opens a real-money game at the house vendor', async () => {
    const page = await openPage(browser(), site);
    await page.getByTestId('banner-slide').first().waitFor();
    await page.context().close();

    const token = await signIn('demo_member', 'Demo@12345');
    const launch = await valueOf<{ url: string }>(
      await fetch(`${site}/wps/game/launchGame?vassalage=HOUSE&gameCode=lanna-slot`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    const game = new URL(launch.url);
    expect(game.origin).toBe(vendorUrl);
    // The vendor asks the platform for the balance, signed with the secret both processes share.
    const sitting = await fetch(`${game.origin}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(game.searchParams)),
    });
    expect(sitting.status, await sitting.clone().text()).toBe(200);
    expect((await valueOf<{ mode: string; balanceMinor: string }>(sitting)).mode).toBe('real');
    // The generated secret is readable by its owner only.
    expect(statSync(join(dataDir, 'house-vendor.secret')).mode & 0o077).toBe(0);
  });
});
