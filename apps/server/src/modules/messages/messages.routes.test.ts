// Proves member messages as a member and an operator meet them (issue 6 item 4): an operator's
// message lands in the right box unread with its HTML made safe, the unread counts follow
// reads, read-all and deletes, a member cannot touch another member's message, a broadcast
// reaches every member with a read state of each one's own, and every change is published
// after it commits.
import {
  TEST_OPERATOR_KEY,
  buildTestApp,
  call,
  loginAs,
  openTestDb,
  type TestDb,
} from '../../testing/index.ts';
import type {
  Envelope,
  ErrorEnvelope,
  MemberMessage,
  SendMessageRequest,
  SentMessage,
  UnreadMessages,
} from '@lanna/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let testDb: TestDb;
let app: FastifyInstance;
let member: string;
let agent: string;
let trial: string;
const events: { name: string; event: unknown }[] = [];

const PASSWORD = 'Demo@12345';
const OPS = { authorization: `Bearer ${TEST_OPERATOR_KEY}` };

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  app.events.on('messagesChanged', (event) => events.push({ name: 'messagesChanged', event }));
  app.events.on('merchantMessagesChanged', (event) =>
    events.push({ name: 'merchantMessagesChanged', event }),
  );
  ({ token: member } = await loginAs(app, { username: 'demo_member', password: PASSWORD }));
  ({ token: agent } = await loginAs(app, { username: 'demo_agent', password: PASSWORD }));
  ({ token: trial } = await loginAs(app, { username: 'demo_trial', password: PASSWORD }));
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

const send = (body: Partial<SendMessageRequest>, merchantCode = 'lanna', headers = OPS) =>
  app.inject({
    method: 'POST',
    url: `/ops/merchants/${merchantCode}/messages`,
    headers,
    payload: { kind: 'internal', title: 'Hello', content: '<p>Hi</p>', reason: 'test', ...body },
  });

const sent = async (body: Partial<SendMessageRequest>): Promise<SentMessage> => {
  const response = await send(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<SentMessage>>().value;
};

type Box = { list: MemberMessage[]; total: number; totalPages: number; unread: UnreadMessages };

const box = async (token: string, kind: 'platform' | 'internal', extra = ''): Promise<Box> => {
  const response = await call(app, {
    method: 'GET',
    url: `/wps/member/messages?kind=${kind}${extra}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<Box>>().value;
};

const unread = async (token: string): Promise<UnreadMessages> => {
  const response = await call(app, { method: 'GET', url: '/wps/member/messages/unread', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<UnreadMessages>>().value;
};

const act = (token: string, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  call(app, { method, url, token, ...(payload ? { payload } : {}) });

const expectCode = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<ErrorEnvelope>().code).toBe(code);
};

describe('an operator message to one member', () => {
  it('arrives unread in that box only, with its HTML made safe', async () => {
    const before = await unread(member);
    const message = await sent({
      username: 'demo_member',
      title: 'Your bonus',
      content:
        '<p onclick="steal()">Bonus <b>ready</b></p><script>window.__xss=1</script>' +
        '<a href="javascript:alert(1)">x</a><svg onload="alert(1)"></svg><img src=x onerror=alert(1)>',
    });
    expect(message.content).not.toMatch(/script|onclick|javascript:|svg|onerror/i);
    expect(message.content).toContain('<b>ready</b>');

    const internal = await box(member, 'internal');
    expect(internal.list[0]).toMatchObject({ id: message.id, title: 'Your bonus', read: false });
    expect(internal.list[0]?.content).toBe(message.content);
    expect(internal.unread.internal).toBe(before.internal + 1);
    expect(await unread(member)).toEqual({
      ...before,
      internal: before.internal + 1,
      total: before.total + 1,
    });
    // Not in the other box, and not in anyone else's.
    expect((await box(member, 'platform')).list.map((m) => m.id)).not.toContain(message.id);
    expect((await box(agent, 'internal')).list.map((m) => m.id)).not.toContain(message.id);
  });

  it('is marked read once; reading again changes nothing', async () => {
    const message = await sent({ username: 'demo_member' });
    const before = await unread(member);
    const first = await act(member, 'POST', `/wps/member/messages/${message.id}/read`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Envelope<UnreadMessages>>().value.internal).toBe(before.internal - 1);
    const again = await act(member, 'POST', `/wps/member/messages/${message.id}/read`);
    expect(again.json<Envelope<UnreadMessages>>().value).toEqual(
      first.json<Envelope<UnreadMessages>>().value,
    );
    const listed = (await box(member, 'internal')).list.find((m) => m.id === message.id);
    expect(listed?.read).toBe(true);
  });

  it("refuses another member's message with MESSAGE_NOT_FOUND and leaves it as it was", async () => {
    const theirs = await sent({ username: 'demo_agent', title: 'For the agent' });
    const agentBefore = await unread(agent);
    expectCode(
      await act(member, 'POST', `/wps/member/messages/${theirs.id}/read`),
      404,
      'MESSAGE_NOT_FOUND',
    );
    expectCode(
      await act(member, 'DELETE', `/wps/member/messages/${theirs.id}`),
      404,
      'MESSAGE_NOT_FOUND',
    );
    expectCode(
      await act(member, 'POST', '/wps/member/messages/999999999/read'),
      404,
      'MESSAGE_NOT_FOUND',
    );
    expect(await unread(agent)).toEqual(agentBefore);
    const listed = (await box(agent, 'internal')).list.find((m) => m.id === theirs.id);
    expect(listed?.read).toBe(false);
  });

  it('is gone for good once deleted, and counts no more as unread', async () => {
    const message = await sent({ username: 'demo_member', title: 'Delete me' });
    const before = await unread(member);
    const deleted = await act(member, 'DELETE', `/wps/member/messages/${message.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<Envelope<UnreadMessages>>().value.total).toBe(before.total - 1);
    expect((await box(member, 'internal')).list.map((m) => m.id)).not.toContain(message.id);
    expectCode(
      await act(member, 'DELETE', `/wps/member/messages/${message.id}`),
      404,
      'MESSAGE_NOT_FOUND',
    );
    expectCode(
      await act(member, 'POST', `/wps/member/messages/${message.id}/read`),
      404,
      'MESSAGE_NOT_FOUND',
    );
  });

  it('refuses a malformed id before looking', async () => {
    expectCode(
      await act(member, 'POST', '/wps/member/messages/abc/read'),
      400,
      'VALIDATION_FAILED',
    );
    expectCode(await act(member, 'DELETE', '/wps/member/messages/-1'), 400, 'VALIDATION_FAILED');
  });
});

describe('read all', () => {
  it('reads one box and leaves the other unread', async () => {
    await sent({ username: 'demo_member', kind: 'internal' });
    await sent({ username: 'demo_member', kind: 'platform' });
    const before = await unread(member);
    expect(before.internal).toBeGreaterThan(0);
    expect(before.platform).toBeGreaterThan(0);
    const response = await act(member, 'POST', '/wps/member/messages/read-all', {
      kind: 'internal',
    });
    expect(response.json<Envelope<UnreadMessages>>().value).toEqual({
      internal: 0,
      platform: before.platform,
      total: before.platform,
    });
    const all = await act(member, 'POST', '/wps/member/messages/read-all', {});
    expect(all.json<Envelope<UnreadMessages>>().value).toEqual({
      internal: 0,
      platform: 0,
      total: 0,
    });
    expect((await box(member, 'platform')).list.every((m) => m.read)).toBe(true);
  });
});

describe('a message to every member', () => {
  it('reaches each member with a read state of their own', async () => {
    const broadcast = await sent({ kind: 'platform', title: 'Maintenance tonight' });
    expect(broadcast.username).toBeNull();
    const memberBefore = await unread(member);
    const agentBefore = await unread(agent);
    for (const token of [member, agent]) {
      expect((await box(token, 'platform')).list[0]).toMatchObject({
        id: broadcast.id,
        read: false,
      });
    }
    await act(member, 'POST', `/wps/member/messages/${broadcast.id}/read`);
    await act(member, 'DELETE', `/wps/member/messages/${broadcast.id}`);
    expect((await unread(member)).platform).toBe(memberBefore.platform - 1);
    expect(await unread(agent)).toEqual(agentBefore);
    expect((await box(agent, 'platform')).list[0]?.id).toBe(broadcast.id);
  });

  it('stays in its own merchant', async () => {
    const other = await send({ kind: 'platform', title: 'Siam only' }, 'siam');
    expect(other.statusCode, other.body).toBe(200);
    const id = other.json<Envelope<SentMessage>>().value.id;
    expect((await box(member, 'platform')).list.map((m) => m.id)).not.toContain(id);
    expectCode(
      await act(member, 'POST', `/wps/member/messages/${id}/read`),
      404,
      'MESSAGE_NOT_FOUND',
    );
  });
});

describe('pages', () => {
  it('pages a box newest first with the real page count', async () => {
    for (let i = 0; i < 3; i += 1) await sent({ username: 'demo_agent', title: `Page ${i}` });
    const first = await box(agent, 'internal', '&pageSize=2&pageNo=1');
    expect(first.list).toHaveLength(2);
    expect(first.list[0]?.title).toBe('Page 2');
    expect(first.totalPages).toBe(Math.ceil(first.total / 2));
    const beyond = await box(agent, 'internal', `&pageSize=2&pageNo=${first.totalPages + 1}`);
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });
});

describe('who may call', () => {
  it('refuses a guest and a trial member', async () => {
    expectCode(
      await call(app, { method: 'GET', url: '/wps/member/messages/unread' }),
      401,
      'UNAUTHORIZED',
    );
    expectCode(
      await call(app, { method: 'GET', url: '/wps/member/messages/unread', token: trial }),
      403,
      'TRIAL_ACCOUNT_FORBIDDEN',
    );
    expectCode(
      await call(app, { method: 'GET', url: '/wps/member/messages?kind=platform', token: trial }),
      403,
      'TRIAL_ACCOUNT_FORBIDDEN',
    );
  });

  it('refuses a send without the operator key, to an unknown member or a trial, and stores nothing', async () => {
    const count = async () =>
      (await testDb.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n;
    const before = await count();
    expect((await send({}, 'lanna', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expectCode(await send({ username: 'nobody_here' }), 404, 'NOT_FOUND');
    expectCode(await send({ username: 'demo_trial' }), 404, 'NOT_FOUND');
    expectCode(await send({}, 'no-such-merchant'), 404, 'NOT_FOUND');
    expectCode(await send({ content: '<script>x()</script>' }), 400, 'VALIDATION_FAILED');
    expectCode(await send({ title: '' }), 400, 'VALIDATION_FAILED');
    expect(await count()).toBe(before);
  });

  it('writes the send to the audit log', async () => {
    const message = await sent({ username: 'demo_member', title: 'Audited', reason: 'bonus note' });
    const row = await testDb.db.one<{ action: string; target: string; reason: string }>(
      "SELECT action, target, reason FROM audit_log WHERE action = 'message.send' ORDER BY id DESC LIMIT 1",
    );
    expect(row).toEqual({
      action: 'message.send',
      target: 'member:demo_member',
      reason: 'bonus note',
    });
    expect(message.title).toBe('Audited');
  });
});

describe('events', () => {
  it('tells the member after a send, a read and a delete, and the merchant after a broadcast', async () => {
    const memberId = Number(
      (
        await testDb.db.one<{ id: string }>(
          "SELECT m.id FROM members m JOIN merchants x ON x.id = m.merchant_id WHERE x.code = 'lanna' AND m.username = 'demo_member'",
        )
      ).id,
    );
    events.length = 0;
    const message = await sent({ username: 'demo_member' });
    await act(member, 'POST', `/wps/member/messages/${message.id}/read`);
    // Already read: nothing changed, nothing published.
    await act(member, 'POST', `/wps/member/messages/${message.id}/read`);
    await act(member, 'DELETE', `/wps/member/messages/${message.id}`);
    await sent({ kind: 'platform' });
    const changed = events.filter((e) => e.name === 'messagesChanged');
    expect(changed).toHaveLength(3);
    expect(changed.every((e) => (e.event as { memberId: number }).memberId === memberId)).toBe(
      true,
    );
    expect(events.filter((e) => e.name === 'merchantMessagesChanged')).toHaveLength(1);
  });
});
