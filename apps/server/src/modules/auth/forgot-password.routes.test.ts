// Proves forgot-by-e-mail end to end over SMTP: a local SMTP server started here receives the
// reset code for a matching username and address; a wrong pair gets the same answer and no
// mail; the form-urlencoded body the spec names is read; bad input changes nothing; and
// without SMTP_URL the offline outbox keeps the message.
import type { Envelope, ErrorEnvelope } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, movableClock, openTestDb, type TestDb } from '../../testing/index.ts';
import { humanProof } from '../../testing/auth.ts';
import { newContactMember } from '../../testing/factories/members.ts';
import { codeIn, outboxEmail } from '../../testing/outbox.ts';
import { settleDeliveries } from './codes.service.ts';

type Received = { from: string; to: string[]; raw: string };

let testDb: TestDb;
let app: FastifyInstance;
let offline: FastifyInstance;
let smtp: SMTPServer;
const received: Received[] = [];
const clock = movableClock('2026-06-01T00:00:00.000Z');
let minute = 0;

const startSmtp = async (): Promise<number> => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return (smtp.server.address() as AddressInfo).port;
};

beforeAll(async () => {
  testDb = await openTestDb();
  const port = await startSmtp();
  app = await buildTestApp(testDb.db, {
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, HUMAN_CHALLENGE_MAX_NUMBER: '100' },
  });
  offline = await buildTestApp(testDb.db, { clock, env: { HUMAN_CHALLENGE_MAX_NUMBER: '100' } });
  await newContactMember(testDb.db, {
    merchantCode: 'lanna',
    username: 'mali',
    email: 'Mali@Example.test',
  });
});

afterAll(async () => {
  await app.close();
  await offline.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
  await testDb.close();
});

beforeEach(() => {
  minute += 10;
  clock.set(new Date(Date.parse('2026-06-01T00:00:00.000Z') + minute * 60_000).toISOString());
  received.length = 0;
});

const forgotForm = async (target: FastifyInstance, username: string, email: string, ip: string) => {
  const { proof } = await humanProof(target);
  return target.inject({
    method: 'POST',
    url: '/wps/member/password/email',
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
    payload: new URLSearchParams({ username, email, humanProof: proof }).toString(),
  });
};

describe('POST /wps/member/password/email over SMTP', () => {
  it('mails a reset code to the address of the account, read from a form body', async () => {
    const response = await forgotForm(app, 'MALI', 'mali@example.test', '198.51.100.1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<unknown>>().value).toEqual({ expiredMinutes: 5 });
    await settleDeliveries();
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['mali@example.test']);
    expect(received[0]?.from).toBe('no-reply@lanna.localhost');
    expect(received[0]?.raw).toContain('Subject: LANNA password reset code');
    expect(codeIn(received[0]?.raw)).toMatch(/^\d{6}$/);
  });

  it('answers a wrong username or address the same, and mails nothing', async () => {
    const wrongEmail = await forgotForm(app, 'mali', 'someone@example.test', '198.51.100.2');
    const noAccount = await forgotForm(app, 'nobody', 'nobody@example.test', '198.51.100.3');
    for (const response of [wrongEmail, noAccount]) {
      expect(response.statusCode).toBe(200);
      expect(response.json<Envelope<unknown>>().value).toEqual({ expiredMinutes: 5 });
    }
    await settleDeliveries();
    expect(received).toEqual([]);
  });

  it('throttles the address whether or not an account has it', async () => {
    expect(
      (await forgotForm(app, 'nobody', 'victim@example.test', '198.51.100.4')).statusCode,
    ).toBe(200);
    const again = await forgotForm(app, 'nobody', 'victim@example.test', '198.51.100.5');
    expect(again.statusCode).toBe(429);
    expect(again.json<ErrorEnvelope>().code).toBe('CODE_SEND_TOO_SOON');
  });

  it.each([
    ['a missing e-mail', 'username=mali&humanProof=eyJ9'],
    ['an invalid e-mail', 'username=mali&email=not-an-address&humanProof=eyJ9'],
    ['an oversized username', `username=${'a'.repeat(200)}&email=a@b.test&humanProof=eyJ9`],
    ['a form over 4 KiB', `username=${'a'.repeat(5000)}&email=a@b.test&humanProof=eyJ9`],
    ['a repeated field', 'username=mali&username=other&email=a@b.test&humanProof=eyJ9'],
    ['an unknown field', 'username=mali&email=a@b.test&humanProof=eyJ9&admin=1'],
  ])('answers %s with a 4xx and mails nothing', async (_name, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
    const { code } = response.json<ErrorEnvelope>();
    expect(['VALIDATION_FAILED', 'MALFORMED_BODY', 'PAYLOAD_TOO_LARGE']).toContain(code);
    expect(response.statusCode).toBe(code === 'PAYLOAD_TOO_LARGE' ? 413 : 400);
    await settleDeliveries();
    expect(received).toEqual([]);
  });

  it('refuses a request without a solved human check', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { host: 'localhost' },
      payload: { username: 'mali', email: 'mali@example.test', humanProof: 'eyJ9' },
    });
    expect(response.json<ErrorEnvelope>().code).toBe('HUMAN_CHECK_FAILED');
  });
});

describe('without SMTP_URL', () => {
  it('keeps the message in the e-mail outbox', async () => {
    const response = await forgotForm(offline, 'mali', 'mali@example.test', '198.51.100.9');
    expect(response.statusCode, response.body).toBe(200);
    const [message] = await outboxEmail(offline, 'lanna', 'mali@example.test');
    expect(message?.subject).toBe('LANNA password reset code');
    expect(codeIn(message?.body)).toMatch(/^\d{6}$/);
    expect(received).toEqual([]);
  });
});
