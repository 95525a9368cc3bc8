import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  freePort,
  startProcess,
  startServer,
  stopProcess,
  waitForAnswer,
  type ServerProcess,
} from '@lanna/server/testing/processes';
import type { TestProject } from 'vitest/node';
import { startMailSink } from './mail-sink.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
export const OPERATOR_KEY = 'e2e-operator-key-0123456789abcdef';
/** What every captcha of the end-to-end server reads (CAPTCHA_FIXED_ANSWER). */
export const CAPTCHA_ANSWER = 'E2E42';

declare module 'vitest' {
  // Declaration merging with vitest's own ProvidedContext needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    operatorKey: string;
    captchaAnswer: string;
    /** The local SMTP server's inbox (see mail-sink.ts). */
    inboxUrl: string;
    /** Where the house vendor (apps/house-vendor) serves its games. */
    houseVendorUrl: string;
    /** The page shapes the accessibility check has checked in this run (accessibility.ts). */
    accessibilityShapeLog: string;
  }
}

/**
 * Starts the real server, serving the built web app, on a fresh embedded database seeded
 * exactly as a new user's first `npm start` seeds it. It runs as a test server rather than in
 * production because production refuses the fixed captcha answer the captcha journey types. It
 * trusts X-Forwarded-For from this machine, so each browser context can come from an address of
 * its own (second verification, per-address throttles), and sends e-mail to a local SMTP sink.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm run test:e2e does)');
  }
  const port = await freePort();
  const vendorPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lanna-e2e-'));
  const mail = await startMailSink();
  const baseUrl = `http://127.0.0.1:${port}`;
  const houseVendorUrl = `http://127.0.0.1:${vendorPort}`;
  // The house vendor, its own process as `npm start` runs it: games play through the platform's
  // vendor wallet API over HTTP, signed with the development secret both sides default to.
  const vendor = startProcess(
    ['apps/house-vendor/src/main.ts'],
    {
      NODE_ENV: 'test',
      HOUSE_VENDOR_PORT: String(vendorPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      HOUSE_VENDOR_DATABASE_URL: '',
      PLATFORM_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
    repoRoot,
    'inherit',
  );
  let server: ServerProcess;
  try {
    server = await startServer({
      repoRoot,
      port,
      output: 'inherit',
      limitMs: 180_000,
      env: {
        NODE_ENV: 'test',
        SERVE_WEB: 'true',
        CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
        TRUST_PROXY: '127.0.0.1',
        SMTP_URL: mail.smtpUrl,
        // The human check's work stays real but small: journeys prove the flows, not its cost.
        HUMAN_CHALLENGE_MAX_NUMBER: '1000',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEV_MERCHANT: 'lanna',
        OPERATOR_API_KEY: OPERATOR_KEY,
        HOUSE_VENDOR_URL: houseVendorUrl,
        // The agents' settlement job runs as in production, on the real clock, ticking every
        // few seconds rather than every minute: a real-time salary is paid within seconds of
        // its five minutes closing (30 s after their end, decision 020), not up to a minute on.
        AGENT_SETTLEMENT_TICK_SECONDS: '5',
        BONUS_TICK_SECONDS: '2',
        LOG_LEVEL: 'warn',
      },
    });
    await waitForAnswer(`${houseVendorUrl}/health`, vendor, { limitMs: 180_000, pollMs: 100 });
  } catch (error) {
    // A server that never answered leaves nothing to test; the SMTP sink must not keep the
    // runner alive either.
    vendor.kill('SIGKILL');
    await mail.close();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('port', port);
  project.provide('operatorKey', OPERATOR_KEY);
  project.provide('captchaAnswer', CAPTCHA_ANSWER);
  project.provide('inboxUrl', mail.inboxUrl);
  project.provide('houseVendorUrl', houseVendorUrl);
  project.provide('accessibilityShapeLog', join(dataDir, 'accessibility-shapes.txt'));

  return async () => {
    await Promise.all([stopProcess(vendor), stopProcess(server.child)]);
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
