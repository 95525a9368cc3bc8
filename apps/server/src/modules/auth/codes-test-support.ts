import type { Envelope, OutboxEmail, OutboxSms } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { TEST_OPERATOR_KEY } from '../../testing/index.ts';
import { settleDeliveries } from './codes.service.ts';

export { humanProof } from '../../testing/auth.ts';

/** Test helpers of the verification features: proofs, outboxes and members with contacts. */

export const OPERATOR = { authorization: `Bearer ${TEST_OPERATOR_KEY}` };

/** The SMS the outbox provider kept for a number, newest first, once deliveries have settled. */
export const outboxSms = async (app: FastifyInstance, merchantCode: string, to: string) => {
  await settleDeliveries();
  const response = await app.inject({
    method: 'GET',
    url: `/ops/outbox/sms?merchantCode=${merchantCode}&to=${encodeURIComponent(to)}`,
    headers: OPERATOR,
  });
  return response.json<Envelope<{ messages: OutboxSms[] }>>().value.messages;
};

export const outboxEmail = async (app: FastifyInstance, merchantCode: string, to: string) => {
  await settleDeliveries();
  const response = await app.inject({
    method: 'GET',
    url: `/ops/outbox/email?merchantCode=${merchantCode}&to=${encodeURIComponent(to)}`,
    headers: OPERATOR,
  });
  return response.json<Envelope<{ messages: OutboxEmail[] }>>().value.messages;
};

/** The 6-digit code in a message body. */
export const codeIn = (text: string | undefined): string => {
  const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
  if (!code) throw new Error(`no code in ${text ?? '(nothing)'}`);
  return code;
};

export const merchantIdOf = async (db: Db, code: string): Promise<number> =>
  (await db.one<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [code])).id;

/** A real member with a mobile number, an e-mail address and a payee name. */
export const insertContactMember = async (
  db: Db,
  member: {
    merchantCode: string;
    username: string;
    mobileNum?: string;
    email?: string;
    payeeName?: string;
    registerIp?: string;
    passwordHash?: string;
  },
): Promise<number> => {
  const merchantId = await merchantIdOf(db, member.merchantCode);
  const row = await db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type, mobile_num, country_dialing_code,
       email, register_ip, password_changed_at)
     VALUES ($1, $2, $6, 0, $3, '+66', $4, $5, now()) RETURNING id`,
    [
      merchantId,
      member.username,
      member.mobileNum ?? null,
      member.email ?? null,
      member.registerIp ?? null,
      member.passwordHash ?? '!',
    ],
  );
  if (member.payeeName) {
    await db.query(
      'INSERT INTO member_profiles (member_id, merchant_id, payee_name) VALUES ($1, $2, $3)',
      [row.id, merchantId, member.payeeName],
    );
  }
  return Number(row.id);
};
