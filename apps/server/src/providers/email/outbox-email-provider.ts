import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { EmailProvider } from './email-provider.ts';

export type EmailOutboxRow = {
  id: string;
  merchant_id: number;
  to_address: string;
  subject: string;
  body: string;
  created_at: Date;
};

/** The offline e-mail provider: every message becomes a row of `email_outbox`. */
export const createOutboxEmailProvider = (db: Db, clock: Clock): EmailProvider => ({
  name: 'outbox',
  send: async ({ merchantId, to, subject, text }) => {
    await db.query(
      `INSERT INTO email_outbox (merchant_id, to_address, subject, body, created_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [merchantId, to, subject, text, clock()],
    );
  },
  close: () => Promise.resolve(),
});

/** The latest e-mails of a merchant, newest first, optionally to one address. */
export const findOutboxEmail = (
  db: Db,
  merchantId: number,
  options: { to?: string | undefined; limit: number },
) =>
  db.query<EmailOutboxRow>(
    `SELECT id::text AS id, merchant_id, to_address, subject, body, created_at FROM email_outbox
     WHERE merchant_id = $1 AND ($2::text IS NULL OR to_address = $2)
     ORDER BY id DESC LIMIT $3`,
    [merchantId, options.to ?? null, options.limit],
  );
