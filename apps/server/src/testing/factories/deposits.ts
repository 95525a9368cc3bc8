import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { postAs, type Caller } from '../requests.ts';
import { channelIdOf } from './merchants.ts';
import { newIdempotencyKey } from './money.ts';

/** Deposits as a member asks for them. */

export const postDeposit = (app: FastifyInstance, member: Caller, body: unknown) =>
  postAs(app, member, '/wps/payments/deposits', body);

/** A deposit request through lanna's gateway channel under a fresh key. */
export const gatewayDepositBody = async (db: Db, amountMinor = '75000') => ({
  channelId: await channelIdOf(db, 'lanna', 'promptpay'),
  amountMinor,
  idempotencyKey: newIdempotencyKey(),
});
