import type { ChatMessage, Envelope, ErrorEnvelope } from '@lanna/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  DEMO_ACCOUNTS,
  loginAs,
  openTestDb,
  TEST_OPERATOR_KEY,
  type TestDb,
} from '../../testing/index.ts';
import { authenticateSocket, openSocket } from '../../testing/realtime-socket.ts';

/**
 * The chat room end to end on a listening app: who may read and write, the length and rate
 * limits, history, delivery to open rooms through the gateway, and the operator's delete,
 * mute and switch to an external chat.
 */
let testDb: TestDb;
let app: FastifyInstance;
let baseUrl: string;
const tokens: Record<string, string> = {};

const OPS_HEADERS = { authorization: `Bearer ${TEST_OPERATOR_KEY}`, 'x-operator': 'moderator' };

const tokenOf = async (username: string, merchantCode = 'lanna') => {
  const account = DEMO_ACCOUNTS.find(
    (a) => a.merchantCode === merchantCode && a.username === username,
  );
  if (!account) throw new Error(`no demo account ${username}`);
  const host = merchantCode === 'lanna' ? 'localhost' : `${merchantCode}.localhost`;
  return (await loginAs(app, { username, password: account.password }, { host })).token;
};

const send = (token: string, text: unknown, host = 'localhost') =>
  app.inject({
    method: 'POST',
    url: '/wps/chat/messages',
    headers: { authorization: `Bearer ${token}`, host },
    payload: { text },
  });

const history = async (token: string, query = '') => {
  const response = await app.inject({
    method: 'GET',
    url: `/wps/chat/messages${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<{ messages: ChatMessage[] }>>().value.messages;
};

const codeOf = (response: LightMyRequestResponse) => response.json<ErrorEnvelope>().code;

const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: OPS_HEADERS, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  for (const username of ['demo_member', 'demo_agent', 'demo_trial'])
    tokens[username] = await tokenOf(username);
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

const token = (username: string) => {
  const value = tokens[username];
  if (!value) throw new Error(`not signed in: ${username}`);
  return value;
};

describe('who may chat', () => {
  it('asks a guest to log in', async () => {
    const response = await app.inject({ method: 'GET', url: '/wps/chat/messages' });
    expect(response.statusCode).toBe(401);
    const launch = await app.inject({ method: 'GET', url: '/wps/live/chat' });
    expect(launch.statusCode).toBe(401);
  });

  it('lets a trial member read the room but not write in it', async () => {
    const launch = await app.inject({
      method: 'GET',
      url: '/wps/live/chat',
      headers: { authorization: `Bearer ${token('demo_trial')}` },
    });
    expect(launch.json<Envelope<unknown>>().value).toEqual({
      chatUrl: null,
      memberId: expect.any(Number) as number,
      canSend: false,
      mutedUntil: null,
      maxLength: 200,
    });
    await history(token('demo_trial'));
    const response = await send(token('demo_trial'), 'hello');
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('TRIAL_ACCOUNT_FORBIDDEN');
  });
});

describe('sending and history', () => {
  it('delivers a message to everyone in the room and keeps it in the history', async () => {
    const reader = await openSocket(baseUrl);
    const outsider = await openSocket(baseUrl);
    await authenticateSocket(reader, token('demo_agent'));
    await authenticateSocket(outsider, token('demo_trial'));
    reader.send({ type: 'subscribe', topic: 'chat' });
    await reader.next('subscribed');

    const response = await send(token('demo_member'), '  <b>hello</b> room  ');
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<Envelope<ChatMessage>>().value;
    // Plain text, trimmed, kept exactly: the site renders it as text, never as HTML.
    expect(sent.text).toBe('<b>hello</b> room');
    expect(sent.author).toBe('Demo Member');

    await expect(reader.next('chatMessage')).resolves.toEqual({
      type: 'chatMessage',
      message: sent,
    });
    expect((await history(token('demo_trial'))).at(-1)).toEqual(sent);
    // A socket that did not join the room hears nothing of it.
    expect(outsider.frames.some((f) => f.type === 'chatMessage')).toBe(false);
    reader.close();
    outsider.close();
  });

  it('refuses an empty message and one over 200 characters, and keeps nothing', async () => {
    const before = await history(token('demo_member'));
    for (const text of ['   ', 'x'.repeat(201), 42]) {
      const response = await send(token('demo_member'), text);
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
    }
    // 200 Thai characters are 200 characters, whatever their UTF-16 length.
    expect((await send(token('demo_member'), 'ก'.repeat(200))).statusCode).toBe(200);
    expect(await history(token('demo_member'))).toHaveLength(before.length + 1);
  });

  it('pages history backwards with beforeId, oldest first', async () => {
    const latest = await history(token('demo_member'), '?limit=2');
    expect(latest).toHaveLength(2);
    const [first, second] = latest;
    expect(first!.id).toBeLessThan(second!.id);
    const older = await history(token('demo_member'), `?beforeId=${first!.id}&limit=100`);
    expect(older.every((m) => m.id < first!.id)).toBe(true);
  });

  it('allows 5 messages in 10 seconds per member, then says when to retry', async () => {
    const agentToken = await tokenOf('demo_agent');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(agentToken, `burst ${i}`)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = results.find((r) => r.statusCode === 429)!;
    const body = refused.json<ErrorEnvelope>();
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.value?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(body.value?.retryAfterSeconds).toBeLessThanOrEqual(10);
    // Another member is not held back by the agent's burst.
    expect((await send(token('demo_member'), 'still here')).statusCode).toBe(200);
  });

  it("keeps each merchant's room to itself", async () => {
    const siamToken = await tokenOf('demo_member', 'siam');
    const response = await send(siamToken, 'siam only', 'siam.localhost');
    expect(response.statusCode).toBe(200);
    const lanna = await history(token('demo_trial'), '?limit=100');
    expect(lanna.some((m) => m.text === 'siam only')).toBe(false);
  });
});

describe('moderation', () => {
  it('deletes a message from the history and from open rooms, once', async () => {
    const reader = await openSocket(baseUrl);
    await authenticateSocket(reader, token('demo_trial'));
    reader.send({ type: 'subscribe', topic: 'chat' });
    await reader.next('subscribed');
    const sent = (await send(token('demo_member'), 'rude words')).json<Envelope<ChatMessage>>()
      .value;

    const url = `/ops/merchants/lanna/chat/messages/${sent.id}/delete`;
    const response = await ops('POST', url, { reason: 'abuse in the room' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<{ deletedAt: string | null }>>().value.deletedAt).not.toBeNull();
    await expect(reader.next('chatDeleted')).resolves.toEqual({
      type: 'chatDeleted',
      messageId: sent.id,
    });
    expect((await history(token('demo_member'), '?limit=100')).some((m) => m.id === sent.id)).toBe(
      false,
    );

    const again = await ops('POST', url, { reason: 'abuse in the room' });
    expect(again.statusCode).toBe(200);
    const audits = await testDb.db.query(
      "SELECT 1 FROM audit_log WHERE action = 'chat.message.delete' AND target = $1",
      [`chat-message:${sent.id}`],
    );
    expect(audits).toHaveLength(1);
    const listed = await ops('GET', '/ops/merchants/lanna/chat/messages?limit=100');
    const row = listed
      .json<Envelope<{ messages: { id: number; username: string; deletedAt: string | null }[] }>>()
      .value.messages.find((m) => m.id === sent.id);
    expect(row).toMatchObject({ username: 'demo_member' });
    expect(row?.deletedAt).not.toBeNull();
    reader.close();
  });

  it('answers NOT_FOUND for a message of another merchant', async () => {
    const siamToken = await tokenOf('demo_member', 'siam');
    const sent = (await send(siamToken, 'hello siam', 'siam.localhost')).json<
      Envelope<ChatMessage>
    >().value;
    const response = await ops('POST', `/ops/merchants/lanna/chat/messages/${sent.id}/delete`, {
      reason: 'wrong merchant',
    });
    expect(response.statusCode).toBe(404);
  });

  it('mutes a member, who still reads, until the mute is lifted', async () => {
    const url = '/ops/merchants/lanna/members/demo_member/chat-mute';
    const muted = await ops('PUT', url, { minutes: 30, reason: 'cool down' });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json<Envelope<{ mutedUntil: string | null }>>().value.mutedUntil).not.toBeNull();

    const refused = await send(token('demo_member'), 'let me talk');
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('CHAT_MUTED');
    await history(token('demo_member'));
    const launch = await app.inject({
      method: 'GET',
      url: '/wps/live/chat',
      headers: { authorization: `Bearer ${token('demo_member')}` },
    });
    const rules = launch.json<Envelope<{ canSend: boolean; mutedUntil: string | null }>>().value;
    expect(rules.canSend).toBe(false);
    expect(rules.mutedUntil).toBe(muted.json<Envelope<{ mutedUntil: string }>>().value.mutedUntil);

    const lifted = await ops('PUT', url, { minutes: 0, reason: 'served the time' });
    expect(lifted.json<Envelope<{ mutedUntil: string | null }>>().value.mutedUntil).toBeNull();
    expect((await send(token('demo_member'), 'thanks')).statusCode).toBe(200);
  });

  it('answers NOT_FOUND when muting someone the merchant does not have', async () => {
    const response = await ops('PUT', '/ops/merchants/lanna/members/nobody_here/chat-mute', {
      minutes: 5,
      reason: 'no such member',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('external chat', () => {
  it("answers the merchant's chatUrl and closes the built-in room while it is set", async () => {
    const put = await ops('PUT', '/ops/merchants/siam/chat-settings', {
      externalChatUrl: 'https://chat.example.test/siam',
      reason: 'moving to the vendor chat',
    });
    expect(put.statusCode, put.body).toBe(200);
    const siamToken = await tokenOf('demo_member', 'siam');
    const launch = await app.inject({
      method: 'GET',
      url: '/wps/live/chat',
      headers: { authorization: `Bearer ${siamToken}`, host: 'siam.localhost' },
    });
    expect(launch.json<Envelope<unknown>>().value).toEqual({
      chatUrl: 'https://chat.example.test/siam',
      memberId: expect.any(Number) as number,
      canSend: false,
      mutedUntil: null,
      maxLength: 200,
    });
    const refused = await send(siamToken, 'anyone?', 'siam.localhost');
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('CHAT_EXTERNAL');

    const bad = await ops('PUT', '/ops/merchants/siam/chat-settings', {
      externalChatUrl: 'javascript:alert(1)',
      reason: 'trying a script',
    });
    expect(bad.statusCode).toBe(400);
    const back = await ops('PUT', '/ops/merchants/siam/chat-settings', {
      externalChatUrl: null,
      reason: 'back to our room',
    });
    expect(back.statusCode).toBe(200);
    expect((await send(siamToken, 'we are back', 'siam.localhost')).statusCode).toBe(200);
  });
});
