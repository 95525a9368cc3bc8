import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { MerchantAccessSettings } from '@lanna/contract';
import { inject } from 'vitest';

/** The operator API, as an operator's tool would call it, to change what the site shows. */
export const setAccess = async (merchantCode: string, settings: MerchantAccessSettings) => {
  const response = await fetch(`${inject('baseUrl')}/ops/merchants/${merchantCode}/access`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${inject('operatorKey')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ ...settings, reason: 'end-to-end test' }),
  });
  if (!response.ok) throw new Error(`ops access update failed: ${response.status}`);
};

/** Credits a member's main wallet through the operator API, as an operator would. */
export const creditMember = async (merchantCode: string, username: string, amountMinor: string) => {
  const response = await fetch(
    `${inject('baseUrl')}/ops/merchants/${merchantCode}/members/${username}/adjustments`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${inject('operatorKey')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        direction: 'credit',
        amountMinor,
        reason: 'end-to-end test',
        idempotencyKey: randomUUID(),
      }),
    },
  );
  if (!response.ok) throw new Error(`credit failed: ${response.status} ${await response.text()}`);
};

export const OPEN_ACCESS: MerchantAccessSettings = {
  maintenance: { enabled: false, startsAt: null, endsAt: null },
  regionRestriction: { enabled: false, countries: [], cidrs: [] },
};

/** Runs the operator CLI (`npm run ops`) against the test server, as an operator in a shell would. */
export const opsCli = async (...args: string[]): Promise<unknown> => {
  const repoRoot = resolve(import.meta.dirname, '../..');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      resolve(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      'apps/server/src/ops-cli/main.ts',
      ...args,
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        OPS_URL: inject('baseUrl'),
        OPERATOR_API_KEY: inject('operatorKey'),
        OPERATOR_NAME: 'e2e-operator',
      },
    },
  );
  return JSON.parse(stdout) as unknown;
};
