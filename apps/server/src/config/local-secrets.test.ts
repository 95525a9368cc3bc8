// Proves that production takes no public development secret: a server started in production
// with none configured generates its own into the data directory, owner-only, so a human-check
// proof signed with the development key is refused while one it signed itself passes; and that
// the generated secrets are reused by the next start.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  encryptPayload,
  solveHumanChallenge,
  type HumanChallenge,
  type SessionKey,
} from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHumanChallenge } from '../modules/auth/human-proof.service.ts';
import { testEnv } from '../testing/index.ts';
import { startServer, type ServerProcess } from '../testing/server-process.ts';
import { REPO_ROOT } from './env.ts';
import { withLocalSecrets } from './local-secrets.ts';

const SECRET_FILES = [
  'house-vendor.secret',
  'verification.secret',
  'totp-encryption.key',
  'vendor-secret.key',
];

let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lanna-secrets-'));
  server = await startServer({
    repoRoot: REPO_ROOT,
    limitMs: 180_000,
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEV_MERCHANT: 'lanna',
      DATABASE_URL: '',
      HOUSE_VENDOR_SECRET: '',
      VERIFICATION_SECRET: '',
      TOTP_ENCRYPTION_KEY: '',
      VENDOR_SECRET_KEY: '',
    },
  });
}, 200_000);

afterAll(() => {
  server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const valueOf = async <T>(response: Response): Promise<T> =>
  ((await response.json()) as { value: T }).value;

/** A password login carrying `humanVerification`; the answer's error code. */
const loginCode = async (humanVerification: unknown): Promise<string> => {
  const key = await valueOf<SessionKey>(await fetch(`${server.baseUrl}/wps/session/key`));
  const body = await encryptPayload(key, {
    username: 'demo_member',
    password: 'not-the-password-1',
    humanVerification,
  });
  const response = await fetch(`${server.baseUrl}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { code: string }).code;
};

describe('a production start with no secrets configured', () => {
  it('refuses a human-check proof signed with the development secret', async () => {
    const forged = createHumanChallenge(testEnv(), new Date());
    expect(await loginCode(await solveHumanChallenge(forged))).toBe('HUMAN_CHECK_FAILED');
    const own = await valueOf<HumanChallenge>(await fetch(`${server.baseUrl}/wps/human/challenge`));
    expect(await loginCode(await solveHumanChallenge(own))).toBe('WRONG_CREDENTIALS');
  });

  it('keeps each generated secret in the data directory, owner-only, for the next start', () => {
    for (const file of SECRET_FILES)
      expect(statSync(join(dataDir, file)).mode & 0o077, file).toBe(0);
    const once = withLocalSecrets({ DATA_DIR: dataDir });
    expect(withLocalSecrets({ DATA_DIR: dataDir })).toEqual(once);
    expect(withLocalSecrets({ DATA_DIR: dataDir, VERIFICATION_SECRET: 'set' })).toMatchObject({
      VERIFICATION_SECRET: 'set',
      TOTP_ENCRYPTION_KEY: once.TOTP_ENCRYPTION_KEY,
    });
  });
});
