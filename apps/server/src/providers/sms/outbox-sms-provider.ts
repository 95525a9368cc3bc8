import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SmsProvider } from './sms-provider.ts';

export type SmsOutboxRow = {
  id: string;
  merchant_id: number;
  to_number: string;
  body: string;
  created_at: Date;
};

/** The local SMS provider: every message becomes a row of `sms_outbox` (style.md, offline by default). */
export const createOutboxSmsProvider = (db: Db, clock: Clock): SmsProvider => ({
  name: 'outbox',
  send: async ({ merchantId, to, text }) => {
    await db.query(
      'INSERT INTO sms_outbox (merchant_id, to_number, body, created_at) VALUES ($1, $2, $3, $4)',
      [merchantId, to, text, clock()],
    );
  },
});

/** The latest messages of a merchant, newest first, optionally to one number. */
export const findOutboxSms = (
  db: Db,
  merchantId: number,
  options: { to?: string | undefined; limit: number },
) =>
  db.query<SmsOutboxRow>(
    `SELECT id::text AS id, merchant_id, to_number, body, created_at FROM sms_outbox
     WHERE merchant_id = $1 AND ($2::text IS NULL OR to_number = $2)
     ORDER BY id DESC LIMIT $3`,
    [merchantId, options.to ?? null, options.limit],
  );
