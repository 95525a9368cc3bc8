import type { Db } from '../../db/client.ts';

export type LoginMethod = 'password' | 'register' | 'freeplay' | 'code' | 'social';
export type RevokeReason = 'logout' | 'password' | 'others' | 'disabled';

export type SessionRow = {
  id: string;
  merchant_id: number;
  member_id: string;
  login_method: LoginMethod;
  last_seen_at: Date;
  expires_at: Date;
  previous_login_at: Date | null;
  previous_login_ip: string | null;
  username: string;
  nickname: string;
  type: number;
  status: 'active' | 'disabled';
};

export type SessionListRow = {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ip: string;
  user_agent: string;
};

export type NewSession = {
  id: string;
  tokenHash: string;
  merchantId: number;
  memberId: number;
  method: LoginMethod;
  now: Date;
  expiresAt: Date;
  ip: string;
  userAgent: string;
  previousLoginAt: Date | null;
  previousLoginIp: string | null;
};

export const insertSession = (db: Db, session: NewSession) =>
  db.query(
    `INSERT INTO sessions (id, token_hash, merchant_id, member_id, login_method, created_at,
       last_seen_at, expires_at, ip, user_agent, previous_login_at, previous_login_ip)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11)`,
    [
      session.id,
      session.tokenHash,
      session.merchantId,
      session.memberId,
      session.method,
      session.now,
      session.expiresAt,
      session.ip,
      session.userAgent,
      session.previousLoginAt,
      session.previousLoginIp,
    ],
  );

/** The live (not revoked) session of a token hash with its member; expiry is checked by the caller. */
export const findSessionByTokenHash = (db: Db, tokenHash: string) =>
  db.maybeOne<SessionRow>(
    `SELECT s.id, s.merchant_id, s.member_id, s.login_method, s.last_seen_at, s.expires_at,
       s.previous_login_at, s.previous_login_ip, m.username, m.nickname, m.type, m.status
     FROM sessions s JOIN members m ON m.id = s.member_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    [tokenHash],
  );

export const touchSession = (db: Db, sessionId: string, now: Date) =>
  db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2', [
    sessionId,
    now,
  ]);

/** Revokes one session; true when it was live until now. */
export const revokeSession = async (
  db: Db,
  sessionId: string,
  reason: RevokeReason,
  now: Date,
): Promise<boolean> => {
  const rows = await db.query(
    `UPDATE sessions SET revoked_at = $3, revoke_reason = $2 WHERE id = $1 AND revoked_at IS NULL
     RETURNING id`,
    [sessionId, reason, now],
  );
  return rows.length > 0;
};

/** Revokes every live session of the member except `keepSessionId`; returns the ids that ended. */
export const revokeOtherSessions = async (
  db: Db,
  memberId: number,
  keepSessionId: string | null,
  reason: RevokeReason,
  now: Date,
): Promise<string[]> => {
  const rows = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = $4, revoke_reason = $3
     WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > $4
       AND ($2::uuid IS NULL OR id <> $2::uuid)
     RETURNING id`,
    [memberId, keepSessionId, reason, now],
  );
  return rows.map((row) => row.id);
};

/**
 * Members online: a session neither revoked nor expired that was used since `idleSince` (the
 * session idle timeout; last_seen_at moves at most once a minute). One member in two tabs or on
 * two devices counts once.
 */
export const countOnlineMembers = async (
  db: Db,
  merchantId: number,
  now: Date,
  idleSince: Date,
): Promise<number> =>
  (
    await db.one<{ online: number }>(
      `SELECT count(DISTINCT member_id)::int AS online FROM sessions
       WHERE merchant_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_seen_at > $3`,
      [merchantId, now, idleSince],
    )
  ).online;

/** Sessions still usable at `now`: not revoked, not expired, not idle past `idleSince`. */
export const findLiveSessions = (db: Db, memberId: number, now: Date, idleSince: Date) =>
  db.query<SessionListRow>(
    `SELECT id, created_at, last_seen_at, expires_at, ip, user_agent FROM sessions
     WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_seen_at > $3
     ORDER BY last_seen_at DESC LIMIT 100`,
    [memberId, now, idleSince],
  );

/**
 * Which of these sessions are still usable at `now`, without touching them: the realtime
 * gateway asks this of its sockets' sessions, and a socket is no activity of the member.
 */
export const findUsableSessionIds = async (
  db: Db,
  sessionIds: readonly string[],
  now: Date,
  idleSince: Date,
): Promise<string[]> => {
  const rows = await db.query<{ id: string }>(
    `SELECT s.id FROM sessions s JOIN members m ON m.id = s.member_id
     WHERE s.id = ANY($1::uuid[]) AND s.revoked_at IS NULL AND s.expires_at > $2
       AND s.last_seen_at > $3 AND m.status = 'active'`,
    [sessionIds, now, idleSince],
  );
  return rows.map((row) => row.id);
};
