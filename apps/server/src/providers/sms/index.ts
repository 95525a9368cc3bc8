import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { createOutboxSmsProvider } from './outbox-sms-provider.ts';
import type { SmsProvider } from './sms-provider.ts';

export type { SmsMessage, SmsProvider } from './sms-provider.ts';
export { findOutboxSms, type SmsOutboxRow } from './outbox-sms-provider.ts';

/**
 * The SMS provider SMS_PROVIDER names. `outbox` is the only one so far; a gateway adapter adds
 * its value to SMS_PROVIDER and its branch here.
 */
export const createSmsProvider = (
  _env: Pick<Env, 'SMS_PROVIDER'>,
  db: Db,
  clock: Clock,
): SmsProvider => createOutboxSmsProvider(db, clock);
