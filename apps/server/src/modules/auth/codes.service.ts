import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '@lanna/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { EmailProvider, SmsProvider } from '../../providers/index.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { verificationKeysOf } from './codes-secrets.ts';
import * as repository from './codes.repository.ts';
import type { CodeChannel, CodePurpose } from './codes.repository.ts';

export type { CodeChannel, CodePurpose } from './codes.repository.ts';

/**
 * What the verification services need from the instance: its database, clock, configuration
 * and providers. The Fastify instance is one.
 */
export type CodesContext = {
  db: Db;
  clock: Clock;
  config: Env;
  sms: SmsProvider;
  email: EmailProvider;
  log: FastifyBaseLogger;
};

/** The spec's rate-limit message promises a retry after 5 minutes: the window is that long. */
export const SEND_WINDOW_MINUTES = 5;
const CODE_DIGITS = 6;
const MINUTE_MS = 60_000;

/** A refused send, with the seconds until a send may succeed (envelope and Retry-After). */
const throttled = (code: ErrorCode, retryAfterSeconds: number): AppError =>
  new AppError(code, { details: { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) } });

const keysCache = new WeakMap<Env, Buffer>();
const codeHashKey = (config: Env): Buffer => {
  let key = keysCache.get(config);
  if (!key) {
    key = verificationKeysOf(config).codeHash;
    keysCache.set(config, key);
  }
  return key;
};

/**
 * The stored form of a code: an HMAC under a server key, over the merchant, purpose and
 * destination too, so a row copied to another purpose or number never matches. Six digits
 * are a million guesses offline; without the key they are none.
 */
const hashCode = (
  key: Buffer,
  merchantId: number,
  purpose: CodePurpose,
  destination: string,
  code: string,
): string =>
  createHmac('sha256', key)
    .update(`${merchantId}\n${purpose}\n${destination}\n${code}`)
    .digest('hex');

/** A uniformly random 6-digit code from the CSPRNG (checklist 11, 29). */
export const generateCode = (): string =>
  String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');

export type CodeMessage = { text: string; subject: string };

export type SendCodeRequest = {
  merchantId: number;
  purpose: CodePurpose;
  channel: CodeChannel;
  /** E.164 number or lower-case e-mail address: what the code is bound to. */
  destination: string;
  /** The requesting client's address (throttled too). */
  ip: string;
  /**
   * False when nobody should get a message (no account behind the number): the request is
   * throttled and answered exactly as a real send, but no code is made and nothing is sent.
   */
  deliver: boolean;
  compose: (code: string, expiredMinutes: number) => CodeMessage;
  /**
   * Send after answering, for calls that must not reveal whether an account exists: a real
   * send and a silent one then take the same time. A failed delivery is logged.
   */
  background?: boolean;
};

// Deliveries still running after their request was answered.
const pendingDeliveries = new Set<Promise<void>>();

/** Waits for every background delivery (the instance's close, and tests reading an outbox). */
export const settleDeliveries = async (): Promise<void> => {
  await Promise.allSettled([...pendingDeliveries]);
};

const rateLimitedCode = (channel: CodeChannel): ErrorCode =>
  channel === 'sms' ? 'SMS_RATE_LIMITED' : 'EMAIL_RATE_LIMITED';

/** Refuses a send within the resend spacing or over the window limit (checklist 11, 35). */
const checkThrottle = (
  config: Env,
  channel: CodeChannel,
  history: repository.SendHistory,
  now: Date,
): void => {
  const spacingMs = config.CODE_RESEND_SECONDS * 1000;
  const latest = Math.max(
    history.lastToDestination?.getTime() ?? 0,
    history.lastFromIp?.getTime() ?? 0,
  );
  const waitMs = latest + spacingMs - now.getTime();
  if (spacingMs > 0 && waitMs > 0) throw throttled('CODE_SEND_TOO_SOON', waitMs / 1000);
  if (
    history.toDestinationSince >= config.CODE_WINDOW_MAX_PER_DESTINATION ||
    history.fromIpSince >= config.CODE_WINDOW_MAX_PER_IP
  ) {
    throw throttled(rateLimitedCode(channel), SEND_WINDOW_MINUTES * 60);
  }
};

/**
 * Makes and sends a code: throttled per destination and per client, recorded as an HMAC,
 * replacing any live code for the same purpose and destination. The throttle and the record
 * are one transaction; the provider is called after it commits, so a slow provider holds no
 * lock. Answers how long the code lives (the site's countdown is 60 s times that).
 */
export const sendCode = async (
  context: CodesContext,
  request: SendCodeRequest,
): Promise<{ expiredMinutes: number }> => {
  const { config } = context;
  const expiredMinutes = config.CODE_TTL_MINUTES;
  const now = context.clock();
  const key: repository.SendKey = {
    merchantId: request.merchantId,
    channel: request.channel,
    destination: request.destination,
    ip: request.ip,
  };
  const code = generateCode();
  const message = await context.db.transaction(async (tx) => {
    await repository.lockSendKeys(tx, key);
    const since = new Date(now.getTime() - SEND_WINDOW_MINUTES * MINUTE_MS);
    checkThrottle(config, request.channel, await repository.getSendHistory(tx, key, since), now);
    await repository.insertSendLog(tx, key, now);
    if (!request.deliver) return null;
    await repository.retireLiveCodes(
      tx,
      request.merchantId,
      request.purpose,
      request.destination,
      now,
    );
    await repository.insertCode(tx, {
      merchantId: request.merchantId,
      purpose: request.purpose,
      channel: request.channel,
      destination: request.destination,
      codeHash: hashCode(
        codeHashKey(config),
        request.merchantId,
        request.purpose,
        request.destination,
        code,
      ),
      createdAt: now,
      expiresAt: new Date(now.getTime() + expiredMinutes * MINUTE_MS),
    });
    return request.compose(code, expiredMinutes);
  });
  if (message && request.background) {
    const task = deliver(context, request, message).catch((error: unknown) => {
      context.log.error({ err: error, channel: request.channel }, 'code delivery failed');
    });
    pendingDeliveries.add(task);
    void task.finally(() => pendingDeliveries.delete(task));
  } else if (message) {
    await deliver(context, request, message);
  }
  return { expiredMinutes };
};

const deliver = async (
  context: CodesContext,
  request: SendCodeRequest,
  message: CodeMessage,
): Promise<void> => {
  try {
    if (request.channel === 'sms') {
      await context.sms.send({
        merchantId: request.merchantId,
        to: request.destination,
        text: message.text,
      });
    } else {
      await context.email.send({
        merchantId: request.merchantId,
        to: request.destination,
        subject: message.subject,
        text: message.text,
      });
    }
  } catch (error) {
    // The code stays recorded but unknown to anyone; the member asks for a new one.
    throw new AppError('CODE_DELIVERY_FAILED', { cause: error });
  }
};

export type CheckCodeRequest = {
  merchantId: number;
  purpose: CodePurpose;
  destination: string;
  code: string;
};

type Verdict = 'ok' | 'invalid' | 'expired' | 'exhausted';

const VERDICT_ERRORS: Record<Exclude<Verdict, 'ok'>, ErrorCode> = {
  invalid: 'CODE_INVALID',
  expired: 'CODE_EXPIRED',
  exhausted: 'CODE_ATTEMPTS_EXCEEDED',
};

const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * Spends a code: right, live and unspent, it is consumed (single use) and the call resolves;
 * otherwise it throws CODE_INVALID, CODE_EXPIRED or CODE_ATTEMPTS_EXCEEDED. A wrong try counts
 * in its own transaction, committed before the error, so the limit holds even when the caller
 * rolls back; the last allowed wrong try spends the code. Call it outside any transaction of
 * the caller's (it opens its own; on PGlite's single connection a nested one would wait forever).
 */
export const consumeCode = async (
  context: CodesContext,
  request: CheckCodeRequest,
): Promise<void> => {
  const { config } = context;
  const now = context.clock();
  const verdict = await context.db.transaction(async (tx): Promise<Verdict> => {
    const row = await repository.findLiveCodeForUpdate(
      tx,
      request.merchantId,
      request.purpose,
      request.destination,
    );
    if (!row) return 'invalid';
    if (row.expires_at.getTime() <= now.getTime()) return 'expired';
    if (row.attempts >= config.CODE_MAX_ATTEMPTS) return 'exhausted';
    const given = hashCode(
      codeHashKey(config),
      request.merchantId,
      request.purpose,
      request.destination,
      request.code,
    );
    if (sameHash(given, row.code_hash)) {
      await repository.consumeCode(tx, row.id, now);
      return 'ok';
    }
    const last = row.attempts + 1 >= config.CODE_MAX_ATTEMPTS;
    await repository.recordWrongAttempt(tx, row.id, now, last);
    return last ? 'exhausted' : 'invalid';
  });
  if (verdict !== 'ok') throw new AppError(VERDICT_ERRORS[verdict]);
};
