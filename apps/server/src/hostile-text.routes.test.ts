// Proves the findings of issue 21 items 3 and 4 are refused through the real app, each with a
// 400 VALIDATION_FAILED and nothing written, where each once gave a 500: NUL in names, chat and
// operator text, a lone surrogate and control characters in a message title, a right-to-left
// override in chat, a date range past year 9999, a withdrawal setting past bigint, a
// publishedAt in year 0020 and an announcement id past a 32-bit integer. A login refused for a
// NUL in its username still writes its failed-login audit row.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from './db/client.ts';
import { postLogin, sealedCall } from './testing/auth.ts';
import { newSignedInMember } from './testing/factories/members.ts';
import { codeOf, getAs, ops, postAs, sealedAs } from './testing/requests.ts';
import { useTestApp } from './testing/use-test-app.ts';

const test = useTestApp();
const NUL_NAME = 'a\u0000b';

const expectRefused = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(codeOf(response)).toBe('VALIDATION_FAILED');
};

const countOf = async (db: Db, table: string): Promise<number> =>
  Number((await db.one<{ count: string }>(`SELECT count(*) AS count FROM ${table}`)).count);

/** Runs `act` and checks it left every named table with as many rows as before. */
const expectNothingWritten = async (tables: string[], act: () => Promise<void>): Promise<void> => {
  const before = await Promise.all(tables.map((table) => countOf(test.db, table)));
  await act();
  const after = await Promise.all(tables.map((table) => countOf(test.db, table)));
  expect(after).toEqual(before);
};

const OPS_BASE = '/ops/merchants/lanna';

describe('NUL, lone surrogates and controls in text', () => {
  it('refuses a NUL username at member login and records the failed login', async () => {
    const before = await countOf(test.db, "auth_events WHERE event = 'login.failed'");
    expectRefused(await postLogin(test.app, { username: NUL_NAME, password: 'Whatever@1' }));
    const rows = await test.db.query<{ outcome_code: string; username_key: string | null }>(
      `SELECT outcome_code, username_key FROM auth_events WHERE event = 'login.failed'
       ORDER BY id DESC`,
    );
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toEqual({ outcome_code: 'VALIDATION_FAILED', username_key: null });
  });

  it('refuses a NUL username at agent login and records the failed login', async () => {
    const before = await countOf(test.db, "auth_events WHERE event = 'login.failed'");
    const response = await postLogin(
      test.app,
      { username: NUL_NAME, password: 'Whatever@1' },
      { agentArea: true },
    );
    expectRefused(response);
    expect(await countOf(test.db, "auth_events WHERE event = 'login.failed'")).toBe(before + 1);
  });

  it('refuses a NUL username at a password reset by code', async () => {
    await expectNothingWritten(['auth_events'], async () => {
      const payload = {
        newPassword: 'Mango#Tree77',
        verificationCode: '123456',
        username: NUL_NAME,
      };
      expectRefused(
        await sealedCall(test.app, 'POST', '/wps/member/password/verification', payload),
      );
    });
  });

  it('refuses NUL and a right-to-left override in chat', async () => {
    const member = await newSignedInMember(test.app, test.db);
    await expectNothingWritten(['chat_messages'], async () => {
      for (const text of ['hi\u0000there', '\u202Egnp.exe', 'x\ud800'])
        expectRefused(await postAs(test.app, member, '/wps/chat/messages', { text }));
    });
  });

  it("refuses a NUL in an agent transfer's downline name, moving nothing", async () => {
    const agent = await newSignedInMember(test.app, test.db, { type: 1 });
    await expectNothingWritten(['ledger_transfers'], async () => {
      const payload = {
        downline: NUL_NAME,
        amountMinor: '100',
        paymentPassword: '123456',
        idempotencyKey: 'hostile-downline-1',
      };
      expectRefused(
        await sealedAs(test.app, agent, 'POST', '/wps/agent/transfer/downline', payload),
      );
    });
  });

  it('refuses NUL, a lone surrogate and controls in operator messages', async () => {
    const message = { kind: 'platform', content: 'Hello', reason: 'issue 21 hostile text' };
    await expectNothingWritten(['messages', 'audit_log'], async () => {
      for (const title of ['a\u0000b', '\ud800x', 'bell\u0007', 'line\nbreak', '\u202Eevil'])
        expectRefused(await ops(test.app, 'POST', `${OPS_BASE}/messages`, { ...message, title }));
      const nulContent = { ...message, title: 'Fine', content: 'x\u0000y' };
      expectRefused(await ops(test.app, 'POST', `${OPS_BASE}/messages`, nulContent));
      const nulReason = { ...message, title: 'Fine', reason: 'because\u0000' };
      expectRefused(await ops(test.app, 'POST', `${OPS_BASE}/messages`, nulReason));
    });
  });

  it('refuses NUL and controls in notice and announcement titles, so no list shows them', async () => {
    const notice = { title: 'bell\u0007', content: '<p>Hi</p>', reason: 'issue 21 hostile text' };
    const announcement = { ...notice, promotionType: 'B', execution: 'A' };
    await expectNothingWritten(['announcements', 'audit_log'], async () => {
      expectRefused(await ops(test.app, 'POST', `${OPS_BASE}/notices`, notice));
      expectRefused(await ops(test.app, 'POST', `${OPS_BASE}/announcements`, announcement));
      const nul = { ...announcement, title: NUL_NAME };
      expectRefused(await ops(test.app, 'POST', `${OPS_BASE}/announcements`, nul));
    });
  });

  it('refuses a NUL in a username path parameter', async () => {
    for (const url of [
      `${OPS_BASE}/members/a%00b/wallets`,
      `${OPS_BASE}/members/a%00b/sessions/revoke`,
    ]) {
      const method = url.endsWith('revoke') ? 'POST' : 'GET';
      const body = method === 'POST' ? { reason: 'issue 21 hostile text' } : undefined;
      expectRefused(await ops(test.app, method, url, body));
    }
  });
});

describe('numbers and dates past what the database holds', () => {
  it('refuses a profit and loss range from year 9999', async () => {
    const member = await newSignedInMember(test.app, test.db);
    for (const query of ['from=9999-12-31', 'to=9999-12-31', 'from=1899-12-31'])
      expectRefused(await getAs(test.app, member, `/wps/member/records/profit-loss?${query}`));
  });

  it('answers a profit and loss range at the last day allowed', async () => {
    const member = await newSignedInMember(test.app, test.db);
    const response = await getAs(
      test.app,
      member,
      '/wps/member/records/profit-loss?from=2999-12-31',
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a withdrawal setting past the largest bigint and keeps the settings', async () => {
    const url = `${OPS_BASE}/withdrawal-settings`;
    const settings = (await ops(test.app, 'GET', url)).json<{ value: Record<string, unknown> }>();
    const body = {
      ...settings.value,
      maxAmountMinor: '9223372036854775808',
      reason: 'issue 21 hostile number',
    };
    await expectNothingWritten(['audit_log'], async () => {
      expectRefused(await ops(test.app, 'PUT', url, body));
    });
    expect((await ops(test.app, 'GET', url)).json()).toEqual(settings);
  });

  it('refuses a publishedAt in year 0020', async () => {
    const announcement = {
      title: 'Old news',
      content: '<p>Hi</p>',
      promotionType: 'B',
      execution: 'A',
      publishedAt: '0020-01-01T00:00:00Z',
      reason: 'issue 21 hostile date',
    };
    await expectNothingWritten(['announcements', 'audit_log'], async () => {
      expectRefused(await ops(test.app, 'POST', `${OPS_BASE}/announcements`, announcement));
      const notice = { title: 'Old', content: '<p>Hi</p>', publishedAt: '0020-01-01T00:00:00Z' };
      expectRefused(
        await ops(test.app, 'POST', `${OPS_BASE}/notices`, { ...notice, reason: 'issue 21 date' }),
      );
    });
  });

  it('refuses an announcement id past a 32-bit integer', async () => {
    const url = `${OPS_BASE}/announcements/2147483648/withdraw`;
    await expectNothingWritten(['announcements', 'audit_log'], async () => {
      expectRefused(await ops(test.app, 'POST', url, { reason: 'issue 21 hostile id' }));
    });
  });
});
