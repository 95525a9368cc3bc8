import type { Envelope, OutboxEmail, OutboxSms } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { settleDeliveries } from '../modules/auth/codes.service.ts';
import { OPERATOR_AUTH } from './requests.ts';

/** What the local SMS and e-mail providers kept, read as an operator reads them. */

const outboxOf = async <T>(
  app: FastifyInstance,
  channel: 'sms' | 'email',
  merchantCode: string,
  to: string,
): Promise<T[]> => {
  await settleDeliveries();
  const response = await app.inject({
    method: 'GET',
    url: `/ops/outbox/${channel}?merchantCode=${merchantCode}&to=${encodeURIComponent(to)}`,
    headers: OPERATOR_AUTH,
  });
  return response.json<Envelope<{ messages: T[] }>>().value.messages;
};

/** The SMS the outbox provider kept for a number, newest first, once deliveries have settled. */
export const outboxSms = (app: FastifyInstance, merchantCode: string, to: string) =>
  outboxOf<OutboxSms>(app, 'sms', merchantCode, to);

export const outboxEmail = (app: FastifyInstance, merchantCode: string, to: string) =>
  outboxOf<OutboxEmail>(app, 'email', merchantCode, to);

/** The 6-digit code in a message body. */
export const codeIn = (text: string | undefined): string => {
  const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
  if (!code) throw new Error(`no code in ${text ?? '(nothing)'}`);
  return code;
};
