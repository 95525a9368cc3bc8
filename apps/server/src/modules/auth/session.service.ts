import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { LOGIN_TYPES, roleOfType, type MemberRole, type MemberSession } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { cachePerDatabase } from '../../shared/cache.ts';
import { toIso } from '../../shared/clock.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { CACHE_TTL_MS } from '../system/index.ts';
import * as repository from './session.repository.ts';
import type { LoginMethod } from './session.repository.ts';

/** The signed-in caller, as `request.session` carries it. */
export type SessionMember = {
  sessionId: string;
  memberId: number;
  merchantId: number;
  username: string;
  nickname: string;
  type: number;
  role: MemberRole;
  loginMethod: LoginMethod;
  previousLogin: { at: Date; ip: string } | null;
};

export type SessionPolicy = { idleMinutes: number; maxDays: number };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
// last_seen_at is written at most once a minute per session: the idle timeout is that precise.
const TOUCH_INTERVAL_MS = MINUTE_MS;
const TOKEN_BYTES = 32;

/** SHA-256 of a token, hex: what the sessions table keeps instead of the token. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

export const policyOf = (config: {
  SESSION_IDLE_MINUTES: number;
  SESSION_MAX_DAYS: number;
}): SessionPolicy => ({
  idleMinutes: config.SESSION_IDLE_MINUTES,
  maxDays: config.SESSION_MAX_DAYS,
});

/**
 * Opens a session: a new opaque 256-bit token (a login never reuses one; checklist 14), stored
 * only as its hash, with an absolute expiry. Returns the token, which is shown to the client
 * once and never again.
 */
export const startSession = async (
  db: Db,
  policy: SessionPolicy,
  input: {
    merchantId: number;
    memberId: number;
    method: LoginMethod;
    now: Date;
    ip: string;
    userAgent: string;
    previousLogin: { at: Date; ip: string } | null;
  },
): Promise<{ token: string; expiresAt: Date; sessionId: string }> => {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const sessionId = randomUUID();
  const expiresAt = new Date(input.now.getTime() + policy.maxDays * DAY_MS);
  await repository.insertSession(db, {
    id: sessionId,
    tokenHash: hashToken(token),
    merchantId: input.merchantId,
    memberId: input.memberId,
    method: input.method,
    now: input.now,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 300),
    previousLoginAt: input.previousLogin?.at ?? null,
    previousLoginIp: input.previousLogin?.ip ?? null,
  });
  return { token, expiresAt, sessionId };
};

/** A live session, and until when (app clock) it may answer without the database. */
type CheckedSession = { member: SessionMember; freshUntilMs: number };

const checkSession = async (
  db: Db,
  policy: SessionPolicy,
  token: string,
  merchantId: number,
  now: Date,
): Promise<CheckedSession | null> => {
  const row = await repository.findSessionByTokenHash(db, hashToken(token));
  if (!row || row.merchant_id !== merchantId) return null;
  const idleLimit = row.last_seen_at.getTime() + policy.idleMinutes * MINUTE_MS;
  if (row.expires_at <= now || idleLimit <= now.getTime()) return null;
  if (row.status !== 'active' || !(LOGIN_TYPES as readonly number[]).includes(row.type))
    return null;
  let lastSeenMs = row.last_seen_at.getTime();
  if (now.getTime() - lastSeenMs >= TOUCH_INTERVAL_MS) {
    await repository.touchSession(db, row.id, now);
    lastSeenMs = now.getTime();
  }
  return {
    member: {
      sessionId: row.id,
      memberId: Number(row.member_id),
      merchantId: row.merchant_id,
      username: row.username,
      nickname: row.nickname,
      type: row.type,
      role: roleOfType(row.type),
      loginMethod: row.login_method,
      previousLogin:
        row.previous_login_at && row.previous_login_ip
          ? { at: row.previous_login_at, ip: row.previous_login_ip }
          : null,
    },
    // Until it expires, idles out, or is due to be touched, whichever comes first.
    freshUntilMs: Math.min(
      row.expires_at.getTime(),
      lastSeenMs + policy.idleMinutes * MINUTE_MS,
      lastSeenMs + TOUCH_INTERVAL_MS,
    ),
  };
};

// Every member call checks its session. A live session is kept per database for CACHE_TTL_MS
// of real time, and never past its expiry, idle limit or next touch on the app's clock. A
// revocation on this node drops every kept session once committed, so a signed-out token is
// refused at once here; another node refuses it within CACHE_TTL_MS (architecture.md,
// Accounts). Unknown tokens are not kept, so a flood of made-up ones cannot grow the cache.
const sessionCacheOf = cachePerDatabase<string, CheckedSession | null>({
  max: 100_000,
  staleMs: CACHE_TTL_MS,
});

/** Forgets every kept session once `db` commits: some session was revoked. */
const forgetSessionsAfterCommit = (db: Db): void => {
  const cache = sessionCacheOf(db);
  db.afterCommit(() => cache.clear());
};

const sessionKeyOf = (merchantId: number, token: string) => `${merchantId}\n${token}`;

/**
 * The member behind a bearer token on this merchant, or null: unknown, revoked, past its
 * absolute expiry, idle past the timeout, issued by another merchant, or an account that may
 * no longer log in. A live session's last_seen_at moves forward (at most once a minute).
 */
export const authenticate = async (
  db: Db,
  policy: SessionPolicy,
  token: string,
  merchantId: number,
  now: Date,
): Promise<SessionMember | null> => {
  const cache = sessionCacheOf(db);
  const key = sessionKeyOf(merchantId, token);
  // A lookup under way is shared: calls arriving while it runs wait for it, not start their own.
  const check = () => checkSession(db, policy, token, merchantId, now);
  let checked = await cache.get(key, check);
  if (checked && checked.freshUntilMs <= now.getTime()) {
    // Kept past its expiry, idle limit or next touch on the app's clock: checked again.
    cache.delete(key);
    checked = await cache.get(key, check);
  }
  if (!checked) cache.delete(key);
  return checked?.member ?? null;
};

/** Sessions that ended before their time: the realtime gateway closes their sockets. */
export type SessionRevoked = { merchantId: number; memberId: number; sessionIds: string[] };

/** The events the auth module publishes, after commit only. */
export type AuthEvents = { sessionRevoked: SessionRevoked };

/** Whose sessions end: a member of a merchant. */
export type SessionOwner = { merchantId: number; memberId: number };

/** Tells the tabs of ended sessions once the revocation is committed (nothing on rollback). */
const publishRevoked = (
  db: Db,
  events: EventSink<AuthEvents> | undefined,
  owner: SessionOwner,
  sessionIds: string[],
): void => {
  if (!events || sessionIds.length === 0) return;
  db.afterCommit(() =>
    events.emit('sessionRevoked', {
      merchantId: owner.merchantId,
      memberId: owner.memberId,
      sessionIds,
    }),
  );
};

export const endSession = async (
  db: Db,
  session: SessionOwner & { sessionId: string },
  now: Date,
  events?: EventSink<AuthEvents>,
): Promise<void> => {
  if (await repository.revokeSession(db, session.sessionId, 'logout', now)) {
    forgetSessionsAfterCommit(db);
    publishRevoked(db, events, session, [session.sessionId]);
  }
};

/**
 * Signs the member out everywhere but `keepSessionId` (null: everywhere); returns how many
 * sessions ended. Their open tabs are told through `events` and sign out at once.
 */
export const endOtherSessions = async (
  db: Db,
  owner: SessionOwner,
  keepSessionId: string | null,
  reason: repository.RevokeReason,
  now: Date,
  events?: EventSink<AuthEvents>,
): Promise<number> => {
  const ended = await repository.revokeOtherSessions(
    db,
    owner.memberId,
    keepSessionId,
    reason,
    now,
  );
  if (ended.length > 0) forgetSessionsAfterCommit(db);
  publishRevoked(db, events, owner, ended);
  return ended.length;
};

export const findSessions = async (
  db: Db,
  policy: SessionPolicy,
  session: SessionMember,
  now: Date,
): Promise<MemberSession[]> => {
  const idleSince = new Date(now.getTime() - policy.idleMinutes * MINUTE_MS);
  const rows = await repository.findLiveSessions(db, session.memberId, now, idleSince);
  return rows.map((row) => ({
    id: row.id,
    current: row.id === session.sessionId,
    createdAt: toIso(row.created_at),
    lastSeenAt: toIso(row.last_seen_at),
    expiresAt: toIso(row.expires_at),
    ip: row.ip,
    userAgent: row.user_agent,
  }));
};

/**
 * The ones of `sessionIds` still usable at `now` (not revoked, expired or idle past the
 * timeout, of an active account). Reading them keeps none of them alive.
 */
export const findUsableSessions = async (
  db: Db,
  policy: SessionPolicy,
  sessionIds: readonly string[],
  now: Date,
): Promise<Set<string>> => {
  if (sessionIds.length === 0) return new Set();
  const idleSince = new Date(now.getTime() - policy.idleMinutes * MINUTE_MS);
  return new Set(await repository.findUsableSessionIds(db, sessionIds, now, idleSince));
};
