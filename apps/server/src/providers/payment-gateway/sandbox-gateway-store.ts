import type { Db } from '../../db/client.ts';

export type SandboxPayment = {
  id: string;
  gateway_merchant_id: string;
  order_id: string;
  amount_minor: string;
  currency: string;
  method: string;
  notify_url: string;
  return_url: string;
  status: 'pending' | 'paid' | 'failed';
};

const COLUMNS = `id, gateway_merchant_id, order_id, amount_minor::text AS amount_minor, currency,
  method, notify_url, return_url, status`;

/**
 * The sandbox gateway's book of payments (migration 009). A second request for the same order
 * answers the payment already opened for it, as a real gateway's idempotent create does.
 */
export const openSandboxPayment = async (
  db: Db,
  payment: Omit<SandboxPayment, 'status'>,
  now: Date,
): Promise<SandboxPayment> => {
  const inserted = await db.maybeOne<SandboxPayment>(
    `INSERT INTO sandbox_gateway_payments (id, gateway_merchant_id, order_id, amount_minor,
       currency, method, notify_url, return_url, created_at)
     VALUES ($1, $2, $3, $4::bigint, $5, $6, $7, $8, $9)
     ON CONFLICT (gateway_merchant_id, order_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      payment.id,
      payment.gateway_merchant_id,
      payment.order_id,
      payment.amount_minor,
      payment.currency,
      payment.method,
      payment.notify_url,
      payment.return_url,
      now,
    ],
  );
  return (
    inserted ??
    db.one<SandboxPayment>(
      `SELECT ${COLUMNS} FROM sandbox_gateway_payments
       WHERE gateway_merchant_id = $1 AND order_id = $2`,
      [payment.gateway_merchant_id, payment.order_id],
    )
  );
};

export const findSandboxPayment = (db: Db, id: string) =>
  db.maybeOne<SandboxPayment>(`SELECT ${COLUMNS} FROM sandbox_gateway_payments WHERE id = $1`, [
    id,
  ]);

/** Settles a pending payment; a settled one keeps its first outcome. Answers the row as it is. */
export const settleSandboxPayment = async (
  db: Db,
  id: string,
  status: 'paid' | 'failed',
  now: Date,
): Promise<SandboxPayment | null> => {
  await db.query(
    `UPDATE sandbox_gateway_payments SET status = $2, settled_at = $3
     WHERE id = $1 AND status = 'pending'`,
    [id, status, now],
  );
  return findSandboxPayment(db, id);
};
