import type { Db } from '../../db/client.ts';

export type AuthEventRow = {
  merchantId: number;
  memberId: number | null;
  usernameKey: string | null;
  event: string;
  method: string | null;
  outcomeCode: string | null;
  ip: string;
  userAgent: string;
  at: Date;
};

/** Appends one authentication event; the table refuses updates and deletes. */
export const insertAuthEvent = (db: Db, row: AuthEventRow) =>
  db.query(
    `INSERT INTO auth_events
       (merchant_id, member_id, username_key, event, method, outcome_code, ip, user_agent, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      row.merchantId,
      row.memberId,
      row.usernameKey,
      row.event,
      row.method,
      row.outcomeCode,
      row.ip,
      row.userAgent,
      row.at,
    ],
  );

export type StoredAuthEvent = {
  member_id: string | null;
  username_key: string | null;
  event: string;
  method: string | null;
  outcome_code: string | null;
  ip: string;
  at: Date;
};

/** The latest events of a merchant, newest first, optionally for one username. */
export const findAuthEvents = (
  db: Db,
  merchantId: number,
  filter: { usernameKey?: string; limit: number },
) =>
  db.query<StoredAuthEvent>(
    `SELECT member_id, username_key, event, method, outcome_code, ip, at
     FROM auth_events
     WHERE merchant_id = $1 AND ($2::text IS NULL OR username_key = $2)
     ORDER BY at DESC, id DESC
     LIMIT $3`,
    [merchantId, filter.usernameKey ?? null, filter.limit],
  );
