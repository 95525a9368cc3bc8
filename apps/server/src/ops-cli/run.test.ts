// The operator CLI against the real server over HTTP: its commands come from the contract, it
// checks a command line before sending it, and it reports the server's refusals with their code.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, openTestDb, TEST_OPERATOR_KEY, type TestDb } from '../testing/index.ts';
import { runOpsCli, type OpsCliOptions } from './run.ts';

let testDb: TestDb;
let app: FastifyInstance;
let options: OpsCliOptions;

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  options = { baseUrl, apiKey: TEST_OPERATOR_KEY, operator: 'alice' };
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

const MAINTENANCE_ON = [
  '--merchantCode',
  'lanna',
  '--maintenance:={"enabled":true,"startsAt":null,"endsAt":null}',
  '--regionRestriction:={"enabled":false,"countries":[],"cidrs":[]}',
  '--reason=upgrading the database',
];

describe('npm run ops', () => {
  it('lists every operator endpoint of the contract as a command', async () => {
    const result = await runOpsCli(['help'], options);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('put-merchant-access-settings');
    expect(result.stdout).toContain('find-outbox-sms');
    expect(result.stdout).not.toContain('login');
  });

  it('changes a setting on the server and reads it back', async () => {
    const put = await runOpsCli(['put-merchant-access-settings', ...MAINTENANCE_ON], options);
    expect(put.stderr).toBe('');
    expect(put.exitCode).toBe(0);
    const get = await runOpsCli(
      ['get-merchant-access-settings', '--merchantCode', 'lanna'],
      options,
    );
    expect(JSON.parse(get.stdout)).toMatchObject({ maintenance: { enabled: true } });
    const status = await app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(status.json<{ value: { status: number } }>().value.status).toBe(1);
    // The audit log names the person who ran the command, beside the shared key.
    const audit = await testDb.db.one<{ actor: string; reason: string }>(
      'SELECT actor, reason FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(audit).toEqual({ actor: 'operator-api-key:alice', reason: 'upgrading the database' });
  });

  it('reports a refusal by the server with its status and code', async () => {
    const result = await runOpsCli(['get-merchant-access-settings', '--merchantCode', 'lanna'], {
      ...options,
      apiKey: 'not-the-operator-key-at-all',
    });
    expect(result).toMatchObject({ exitCode: 1, stdout: '' });
    expect(result.stderr).toMatch(/^401 UNAUTHORIZED/);
  });

  it('sends nothing for a command line the contract refuses', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    const cases = [
      ['get-merchant-access-settings'],
      ['put-merchant-access-settings', ...MAINTENANCE_ON.slice(0, 4)],
      ['put-merchant-access-settings', '--merchantCode', 'lanna', '--maintenance:={oops'],
      ['get-merchant-access-settings', '--merchantCode', 'NOT A CODE'],
      ['no-such-command'],
    ];
    for (const argv of cases) {
      const result = await runOpsCli(argv, { ...options, fetch: fetchSpy });
      expect(result.exitCode, argv.join(' ')).toBe(2);
      expect(result.stderr, argv.join(' ')).not.toBe('');
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
