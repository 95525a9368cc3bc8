import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { EmailProvider } from './email-provider.ts';
import { createOutboxEmailProvider } from './outbox-email-provider.ts';
import { createSmtpEmailProvider } from './smtp-email-provider.ts';

export type { EmailMessage, EmailProvider } from './email-provider.ts';
export { findOutboxEmail, type EmailOutboxRow } from './outbox-email-provider.ts';

/** SMTP when SMTP_URL is set; otherwise the offline outbox. */
export const createEmailProvider = (
  env: Pick<Env, 'SMTP_URL' | 'EMAIL_FROM'>,
  db: Db,
  clock: Clock,
): EmailProvider =>
  env.SMTP_URL
    ? createSmtpEmailProvider(env.SMTP_URL, env.EMAIL_FROM)
    : createOutboxEmailProvider(db, clock);
