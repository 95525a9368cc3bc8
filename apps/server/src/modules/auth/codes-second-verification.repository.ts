import type { Db } from '../../db/client.ts';

export type SecondVerificationMethod = 'sms' | 'email' | 'payeeName' | 'totp';

export type PendingRow = {
  merchant_id: number;
  member_id: string;
  ip: string;
  methods: SecondVerificationMethod[];
  attempts: number;
  force_password_change: boolean;
  expires_at: Date;
  completed_at: Date | null;
};

/** Whether the member has signed in from this address, or registered from it. */
export const isKnownIp = async (db: Db, memberId: number, ip: string): Promise<boolean> => {
  const row = await db.one<{ known: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM member_known_ips WHERE member_id = $1 AND ip = $2)
       OR EXISTS (SELECT 1 FROM members WHERE id = $1 AND register_ip = $2) AS known`,
    [memberId, ip],
  );
  return row.known;
};

/** Whether any address is on record for the member (a known one, or where it registered). */
export const hasAnyKnownIp = async (db: Db, memberId: number): Promise<boolean> => {
  const row = await db.one<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM member_known_ips WHERE member_id = $1)
       OR EXISTS (SELECT 1 FROM members WHERE id = $1 AND register_ip IS NOT NULL) AS any`,
    [memberId],
  );
  return row.any;
};

export const rememberIp = (
  db: Db,
  row: { merchantId: number; memberId: number; ip: string; at: Date },
) =>
  db.query(
    `INSERT INTO member_known_ips (member_id, merchant_id, ip, first_seen_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (member_id, ip) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
    [row.memberId, row.merchantId, row.ip, row.at],
  );

export const insertPending = (
  db: Db,
  row: {
    idHash: string;
    merchantId: number;
    memberId: number;
    ip: string;
    methods: SecondVerificationMethod[];
    forcePasswordChange: boolean;
    createdAt: Date;
    expiresAt: Date;
  },
) =>
  db.query(
    `INSERT INTO second_verifications
       (id_hash, merchant_id, member_id, ip, methods, force_password_change, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.idHash,
      row.merchantId,
      row.memberId,
      row.ip,
      row.methods,
      row.forcePasswordChange,
      row.createdAt,
      row.expiresAt,
    ],
  );

export const findPending = (db: Db, idHash: string, forUpdate = false) =>
  db.maybeOne<PendingRow>(
    `SELECT merchant_id, member_id, ip, methods, attempts, force_password_change, expires_at,
       completed_at
     FROM second_verifications WHERE id_hash = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [idHash],
  );

export const recordPendingFailure = (db: Db, idHash: string) =>
  db.query('UPDATE second_verifications SET attempts = attempts + 1 WHERE id_hash = $1', [idHash]);

/** Finishes a held-back login once; false when it already was. */
export const completePending = async (db: Db, idHash: string, at: Date): Promise<boolean> => {
  const rows = await db.query<{ id_hash: string }>(
    `UPDATE second_verifications SET completed_at = $2
     WHERE id_hash = $1 AND completed_at IS NULL RETURNING id_hash`,
    [idHash, at],
  );
  return rows.length === 1;
};
