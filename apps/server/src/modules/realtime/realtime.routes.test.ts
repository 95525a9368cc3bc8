import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  DEMO_ACCOUNTS,
  loginAs,
  movableClock,
  openTestDb,
  TEST_OPERATOR_KEY,
  type TestDb,
} from '../../testing/index.ts';
import { authenticateSocket, openSocket, type TestSocket } from '../../testing/realtime-socket.ts';

/**
 * The realtime gateway over real sockets on a listening app: a bad token is refused and the
 * socket closed, a member hears its own balance changes and nobody else's, a guest hears no
 * member events, and a session revoked elsewhere is told and closed at once.
 */
let testDb: TestDb;
let app: FastifyInstance;
let baseUrl: string;
const sockets: TestSocket[] = [];

const OPS_HEADERS = { authorization: `Bearer ${TEST_OPERATOR_KEY}`, 'x-operator': 'tester' };

const passwordOf = (username: string) => {
  const account = DEMO_ACCOUNTS.find((a) => a.merchantCode === 'lanna' && a.username === username);
  if (!account) throw new Error(`no demo account ${username}`);
  return account.password;
};

const tokenOf = async (username: string) =>
  (await loginAs(app, { username, password: passwordOf(username) })).token;

const connect = async () => {
  const socket = await openSocket(baseUrl);
  sockets.push(socket);
  return socket;
};

const credit = async (username: string, amountMinor: string) => {
  const response = await app.inject({
    method: 'POST',
    url: `/ops/merchants/lanna/members/${username}/adjustments`,
    headers: OPS_HEADERS,
    payload: {
      direction: 'credit',
      amountMinor,
      reason: 'realtime test',
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: { balanceMinor: string } }>().value.balanceMinor;
};

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
  await testDb.close();
});

describe('signing a socket in', () => {
  it('greets a new socket as a guest', async () => {
    const socket = await connect();
    expect(socket.frames[0]).toEqual({ type: 'ready', role: 'guest' });
  });

  it('refuses a token that is no live session and closes the socket with 4401', async () => {
    const socket = await connect();
    socket.send({ type: 'auth', token: 'A'.repeat(43) });
    await expect(socket.next('error')).resolves.toEqual({ type: 'error', code: 'UNAUTHORIZED' });
    await expect(socket.closed).resolves.toBe(4401);
  });

  it('refuses a logged-out token', async () => {
    const token = await tokenOf('demo_member');
    await app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    const socket = await connect();
    socket.send({ type: 'auth', token });
    await expect(socket.closed).resolves.toBe(4401);
  });

  it('closes a socket that sends something the protocol does not know (4400)', async () => {
    const socket = await connect();
    socket.send('{"type":"shout","text":"hello"}');
    await expect(socket.next('error')).resolves.toEqual({
      type: 'error',
      code: 'VALIDATION_FAILED',
    });
    await expect(socket.closed).resolves.toBe(4400);
  });

  it('closes a socket that floods frames (4429)', async () => {
    const socket = await connect();
    for (let i = 0; i < 40; i += 1) socket.send({ type: 'subscribe', topic: 'chat' });
    await expect(socket.closed).resolves.toBe(4429);
  });

  it('accepts a live session and names its role', async () => {
    const socket = await connect();
    await expect(authenticateSocket(socket, await tokenOf('demo_trial'))).resolves.toEqual({
      type: 'ready',
      role: 'trial',
    });
  });
});

describe('member events', () => {
  it("delivers a balance change to the member's own sockets only", async () => {
    const member = await connect();
    const secondTab = await connect();
    const agent = await connect();
    const guest = await connect();
    const memberToken = await tokenOf('demo_member');
    await authenticateSocket(member, memberToken);
    await authenticateSocket(secondTab, await tokenOf('demo_member'));
    await authenticateSocket(agent, await tokenOf('demo_agent'));

    const memberBalance = await credit('demo_member', '1234');
    await expect(member.next('balance')).resolves.toEqual({
      type: 'balance',
      wallet: 'main',
      vendorCode: null,
      balanceMinor: memberBalance,
      committedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    });
    await expect(secondTab.next('balance')).resolves.toMatchObject({
      balanceMinor: memberBalance,
    });
    // The agent's own change arrives after the member's; by then any leak would have too.
    const agentBalance = await credit('demo_agent', '99');
    await expect(agent.next('balance')).resolves.toMatchObject({ balanceMinor: agentBalance });
    expect(agent.frames.filter((f) => f.type === 'balance')).toHaveLength(1);
    expect(member.frames.filter((f) => f.type === 'balance')).toHaveLength(1);
    expect(guest.frames.some((f) => f.type === 'balance')).toBe(false);
  });

  it('tells a socket its session was revoked by "sign out other sessions" and closes it', async () => {
    const oldTab = await connect();
    const currentTab = await connect();
    const oldToken = await tokenOf('demo_agent');
    const currentToken = await tokenOf('demo_agent');
    await authenticateSocket(oldTab, oldToken);
    await authenticateSocket(currentTab, currentToken);

    const response = await app.inject({
      method: 'DELETE',
      url: '/wps/member/sessions/others',
      headers: { authorization: `Bearer ${currentToken}` },
    });
    expect(response.statusCode, response.body).toBe(200);

    await expect(oldTab.next('sessionRevoked')).resolves.toEqual({ type: 'sessionRevoked' });
    await expect(oldTab.closed).resolves.toBe(4403);
    // The session that asked stays signed in and keeps hearing its events.
    const balance = await credit('demo_agent', '1');
    await expect(currentTab.next('balance')).resolves.toMatchObject({ balanceMinor: balance });
    expect(currentTab.frames.some((f) => f.type === 'sessionRevoked')).toBe(false);
  });

  it('closes the sockets of a session that logged out', async () => {
    const socket = await connect();
    const token = await tokenOf('demo_member');
    await authenticateSocket(socket, token);
    await app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    await expect(socket.closed).resolves.toBe(4403);
  });

  it('logs every tab of a member out when an operator revokes its sessions', async () => {
    const tabs = [await connect(), await connect()];
    await authenticateSocket(tabs[0]!, await tokenOf('demo_trial'));
    await authenticateSocket(tabs[1]!, await tokenOf('demo_trial'));
    const bystander = await connect();
    await authenticateSocket(bystander, await tokenOf('demo_member'));

    const response = await app.inject({
      method: 'POST',
      url: '/ops/merchants/lanna/members/demo_trial/sessions/revoke',
      headers: OPS_HEADERS,
      payload: { reason: 'account under review' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json<{ value: { signedOutSessions: number } }>().value.signedOutSessions,
    ).toBeGreaterThanOrEqual(2);
    for (const tab of tabs) await expect(tab.closed).resolves.toBe(4403);
    expect(bystander.frames.some((f) => f.type === 'sessionRevoked')).toBe(false);
    const audit = await testDb.db.query(
      "SELECT 1 FROM audit_log WHERE action = 'member.sessions.revoke' AND target = 'member:demo_trial'",
    );
    expect(audit).toHaveLength(1);

    const unknown = await app.inject({
      method: 'POST',
      url: '/ops/merchants/lanna/members/nobody_at_all/sessions/revoke',
      headers: OPS_HEADERS,
      payload: { reason: 'no such member' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("tells a member's sockets, and no one else's, that its messages changed", async () => {
    const member = await connect();
    const agent = await connect();
    await authenticateSocket(member, await tokenOf('demo_member'));
    await authenticateSocket(agent, await tokenOf('demo_agent'));
    const merchantId = (
      await testDb.db.one<{ id: number }>("SELECT id FROM merchants WHERE code = 'lanna'")
    ).id;
    const memberId = Number(
      (
        await testDb.db.one<{ id: string }>(
          "SELECT id FROM members WHERE merchant_id = $1 AND username = 'demo_member'",
          [merchantId],
        )
      ).id,
    );
    app.events.emit('messagesChanged', { merchantId, memberId });
    app.events.emit('announcementsChanged', { merchantId });
    await expect(member.next('messages')).resolves.toEqual({ type: 'messages' });
    await expect(agent.next('announcements')).resolves.toEqual({ type: 'announcements' });
    expect(agent.frames.some((f) => f.type === 'messages')).toBe(false);
  });
});

describe('sessions that run out on their own', () => {
  it('signs a socket out once its session is idle past the timeout, and keeps a live one', async () => {
    const start = new Date();
    const clock = movableClock(start.toISOString());
    const node = await buildTestApp(testDb.db, { clock });
    const url = await node.listen({ port: 0, host: '127.0.0.1' });
    try {
      const idle = await openSocket(url);
      sockets.push(idle);
      const idleToken = (
        await loginAs(node, { username: 'demo_agent', password: passwordOf('demo_agent') })
      ).token;
      await authenticateSocket(idle, idleToken);
      await node.realtime.gateway.checkSessions();
      expect(idle.frames.some((f) => f.type === 'sessionRevoked')).toBe(false);

      // 31 minutes later (SESSION_IDLE_MINUTES is 30) without a request from that session.
      clock.set(new Date(start.getTime() + 31 * 60_000).toISOString());
      const fresh = await openSocket(url);
      sockets.push(fresh);
      const freshToken = (
        await loginAs(node, { username: 'demo_member', password: passwordOf('demo_member') })
      ).token;
      await authenticateSocket(fresh, freshToken);

      await node.realtime.gateway.checkSessions();
      await expect(idle.next('sessionRevoked')).resolves.toEqual({ type: 'sessionRevoked' });
      await expect(idle.closed).resolves.toBe(4403);
      expect(fresh.frames.some((f) => f.type === 'sessionRevoked')).toBe(false);
    } finally {
      await node.close();
    }
  });
});
