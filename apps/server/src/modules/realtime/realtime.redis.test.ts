import { randomBytes, randomUUID } from 'node:crypto';
import type { ChatMessage, Envelope } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  DEMO_ACCOUNTS,
  loginAs,
  openTestDb,
  TEST_OPERATOR_KEY,
  type TestDb,
} from '../../testing/index.ts';
import { authenticateSocket, openSocket, type TestSocket } from '../../testing/realtime-socket.ts';

/**
 * Two server nodes on one database and the machine's Redis (TEST_REDIS_URL; skipped without
 * it), each with its own Redis connections: a chat message posted and a balance changed on
 * node A reach a socket connected to node B, exactly once.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('realtime across two nodes through Redis', () => {
  let testDb: TestDb;
  let nodeA: FastifyInstance;
  let nodeB: FastifyInstance;
  let urlB: string;
  let socket: TestSocket;

  const passwordOf = (username: string) =>
    DEMO_ACCOUNTS.find((a) => a.merchantCode === 'lanna' && a.username === username)!.password;

  beforeAll(async () => {
    testDb = await openTestDb();
    // A channel of this run only: other test files may share the Redis server at the same time.
    const env = {
      REDIS_URL: redisUrl!,
      REALTIME_REDIS_CHANNEL: `lanna:test:${randomBytes(6).toString('hex')}`,
    };
    nodeA = await buildTestApp(testDb.db, { env });
    nodeB = await buildTestApp(testDb.db, { env });
    await nodeA.listen({ port: 0, host: '127.0.0.1' });
    urlB = await nodeB.listen({ port: 0, host: '127.0.0.1' });
    expect(nodeA.realtime.bus.kind).toBe('redis');
    expect(nodeB.realtime.bus.kind).toBe('redis');
  });

  afterAll(async () => {
    socket.close();
    await nodeA.close();
    await nodeB.close();
    await testDb.close();
  });

  it('delivers a chat message and a balance change made on node A to a socket on node B', async () => {
    const token = (
      await loginAs(nodeA, { username: 'demo_member', password: passwordOf('demo_member') })
    ).token;
    socket = await openSocket(urlB);
    await authenticateSocket(socket, token);
    socket.send({ type: 'subscribe', topic: 'chat' });
    await socket.next('subscribed');
    expect(nodeA.realtime.gateway.size).toBe(0);

    const posted = await nodeA.inject({
      method: 'POST',
      url: '/wps/chat/messages',
      headers: { authorization: `Bearer ${token}` },
      payload: { text: 'hello from node A' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const message = posted.json<Envelope<ChatMessage>>().value;
    await expect(socket.next('chatMessage')).resolves.toEqual({ type: 'chatMessage', message });

    const adjusted = await nodeA.inject({
      method: 'POST',
      url: '/ops/merchants/lanna/members/demo_member/adjustments',
      headers: { authorization: `Bearer ${TEST_OPERATOR_KEY}`, 'x-operator': 'tester' },
      payload: {
        direction: 'credit',
        amountMinor: '500',
        reason: 'two nodes',
        idempotencyKey: randomUUID(),
      },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const { balanceMinor } = adjusted.json<Envelope<{ balanceMinor: string }>>().value;
    await expect(socket.next('balance')).resolves.toEqual({
      type: 'balance',
      wallet: 'main',
      vendorCode: null,
      balanceMinor,
      committedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    });
    // Each node delivers only what it hears back from Redis: one copy, not one per node.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.frames.filter((f) => f.type === 'chatMessage')).toHaveLength(1);
    expect(socket.frames.filter((f) => f.type === 'balance')).toHaveLength(1);
  });
});
