import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { insertAuthEvent } from './auth-events.repository.ts';

/** Where an authentication event comes from: the request's merchant, trusted IP and agent. */
export type AuthEventSource = {
  db: Db;
  merchantId: number;
  ip: string;
  userAgent: string;
  now: Date;
};

export type AuthEvent = {
  event:
    | 'login.succeeded'
    | 'login.failed'
    | 'login.held'
    | 'second_verification.succeeded'
    | 'second_verification.failed'
    | 'session.logged_out'
    | 'sessions.signed_out_others'
    | 'password.changed'
    | 'password.reset'
    | 'totp.enabled';
  memberId?: number | null;
  username?: string | null;
  method?: string | null;
  outcomeCode?: string | null;
};

const MAX_USER_AGENT = 512;

/**
 * Records one authentication event (reliability checklist 40): who, from where, how and with
 * what outcome code, in UTC. Callers pass no secret; there is no field for one.
 */
export const recordAuthEvent = (source: AuthEventSource, event: AuthEvent) =>
  insertAuthEvent(source.db, {
    merchantId: source.merchantId,
    memberId: event.memberId ?? null,
    usernameKey: event.username?.trim().toLowerCase().slice(0, 64) ?? null,
    event: event.event,
    method: event.method ?? null,
    outcomeCode: event.outcomeCode ?? null,
    ip: source.ip,
    userAgent: source.userAgent.slice(0, MAX_USER_AGENT),
    at: source.now,
  });

/**
 * Runs a sign-in step and records its refusal: a held-back login as 'login.held', any other
 * stable refusal as `failedEvent` with its code. Success is recorded where the session opens.
 */
export const auditRefusal = async <T>(
  source: AuthEventSource,
  base: Omit<AuthEvent, 'event' | 'outcomeCode'> & {
    failedEvent: 'login.failed' | 'second_verification.failed';
  },
  step: () => Promise<T>,
): Promise<T> => {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError) {
      const { failedEvent, ...rest } = base;
      await recordAuthEvent(source, {
        ...rest,
        event: error.code === 'SECOND_VERIFICATION_REQUIRED' ? 'login.held' : failedEvent,
        outcomeCode: error.code,
      });
    }
    throw error;
  }
};
