// Proves the rules of a code itself (checklist 11): six CSPRNG digits, stored only as an HMAC,
// bound to merchant, purpose and destination, single use, refused once expired, and dead after
// five wrong tries.
import type { ErrorCode } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../shared/app-error.ts';
import { buildTestApp, movableClock, openTestDb, type TestDb } from '../../testing/index.ts';
import { merchantIdOf } from '../../testing/factories/merchants.ts';
import { consumeCode, generateCode, sendCode, type CodePurpose } from './codes.service.ts';

let testDb: TestDb;
let app: FastifyInstance;
let merchantId: number;
const clock = movableClock('2026-06-01T00:00:00.000Z');
let counter = 0;
let destination = '';

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db, { clock });
  merchantId = await merchantIdOf(testDb.db, 'lanna');
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

beforeEach(() => {
  counter += 1;
  destination = `+6689900${String(counter).padStart(4, '0')}`;
  clock.set('2026-06-01T00:00:00.000Z');
});

/** Sends a code for the test's destination and returns it, as the SMS would. */
const issue = async (purpose: CodePurpose = 'login'): Promise<string> => {
  let sent = '';
  await sendCode(app, {
    merchantId,
    purpose,
    channel: 'sms',
    destination,
    ip: `192.0.2.${counter}`,
    deliver: true,
    compose: (code) => {
      sent = code;
      return { text: code, subject: '' };
    },
  });
  return sent;
};

const codeOf = async (work: Promise<unknown>): Promise<ErrorCode | 'OK'> => {
  try {
    await work;
    return 'OK';
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
};

const spend = (code: string, purpose: CodePurpose = 'login', to = destination) =>
  codeOf(consumeCode(app, { merchantId, purpose, destination: to, code }));

describe('generateCode', () => {
  it('makes six digits, zero-padded', () => {
    const codes = Array.from({ length: 200 }, generateCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });
});

describe('consumeCode', () => {
  it('accepts the right code once, and refuses it the second time', async () => {
    const code = await issue();
    expect(await spend(code)).toBe('OK');
    expect(await spend(code)).toBe('CODE_INVALID');
  });

  it('keeps only an HMAC of the code', async () => {
    const code = await issue();
    const row = await testDb.db.one<{ code_hash: string }>(
      'SELECT code_hash FROM verification_codes WHERE destination = $1',
      [destination],
    );
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
  });

  it('binds a code to its purpose, destination and merchant', async () => {
    const code = await issue('register');
    expect(await spend(code, 'login')).toBe('CODE_INVALID');
    expect(await spend(code, 'register', '+66899999999')).toBe('CODE_INVALID');
    const otherMerchant = await merchantIdOf(testDb.db, 'siam');
    expect(
      await codeOf(
        consumeCode(app, { merchantId: otherMerchant, purpose: 'register', destination, code }),
      ),
    ).toBe('CODE_INVALID');
    expect(await spend(code, 'register')).toBe('OK');
  });

  it('refuses an expired code (5 minutes by default)', async () => {
    const code = await issue();
    clock.set('2026-06-01T00:05:00.000Z');
    expect(await spend(code)).toBe('CODE_EXPIRED');
  });

  it('accepts a code just before it expires', async () => {
    const code = await issue();
    clock.set('2026-06-01T00:04:59.000Z');
    expect(await spend(code)).toBe('OK');
  });

  it('spends a code after 5 wrong tries, so the right one no longer works', async () => {
    const code = await issue();
    const wrong = code === '000000' ? '000001' : '000000';
    const verdicts = [];
    for (let attempt = 0; attempt < 5; attempt += 1) verdicts.push(await spend(wrong));
    expect(verdicts).toEqual([
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_ATTEMPTS_EXCEEDED',
    ]);
    expect(await spend(code)).toBe('CODE_INVALID');
  });

  it('replaces the previous code when a new one is sent', async () => {
    const first = await issue();
    clock.set('2026-06-01T00:01:01.000Z');
    const second = await issue();
    if (first !== second) expect(await spend(first)).toBe('CODE_INVALID');
    expect(await spend(second)).toBe('OK');
  });
});
