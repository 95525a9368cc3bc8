import type { Db } from '../../db/client.ts';

export type AuditEntry = {
  merchantId: number | null;
  actor: string;
  action: string;
  target: string;
  reason: string;
  before: unknown;
  after: unknown;
};

/** Appends one audit row; the table refuses updates and deletes. */
export const insertAuditEntry = (db: Db, entry: AuditEntry) =>
  db.query(
    `INSERT INTO audit_log (merchant_id, actor, action, target, reason, before, after)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      entry.merchantId,
      entry.actor,
      entry.action,
      entry.target,
      entry.reason,
      JSON.stringify(entry.before ?? null),
      JSON.stringify(entry.after ?? null),
    ],
  );
