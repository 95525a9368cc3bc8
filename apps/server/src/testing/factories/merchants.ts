import type { MerchantAccessSettings } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { OPERATOR_HEADERS } from '../requests.ts';

/** The two seeded merchants tests use and the host each answers on. */
export const HOSTS = { lanna: 'localhost', siam: 'siam.localhost' } as const;
export type MerchantCode = keyof typeof HOSTS;

export const merchantIdOf = async (db: Db, code: string): Promise<number> =>
  (await db.one<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [code])).id;

/** The id of the merchant's payment channel named `channelCode` (e.g. 'promptpay'). */
export const channelIdOf = async (db: Db, merchantCode: string, channelCode: string) =>
  (
    await db.one<{ id: number }>(
      `SELECT c.id FROM payment_channels c JOIN merchants m ON m.id = c.merchant_id
       WHERE m.code = $1 AND c.code = $2`,
      [merchantCode, channelCode],
    )
  ).id;

/** Turns the merchant's maintenance on or off through the operator route. */
export const setMaintenance = async (
  app: FastifyInstance,
  merchantCode: MerchantCode,
  enabled: boolean,
) => {
  const settings: MerchantAccessSettings & { reason: string } = {
    maintenance: { enabled, startsAt: null, endsAt: null },
    regionRestriction: { enabled: false, countries: [], cidrs: [] },
    reason: 'test maintenance',
  };
  const response = await app.inject({
    method: 'PUT',
    url: `/ops/merchants/${merchantCode}/access`,
    headers: OPERATOR_HEADERS,
    payload: settings,
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** Sets the merchant's wallet mode (single or transfer) and agent policy. */
export const setWalletSettings = async (
  app: FastifyInstance,
  merchantCode: MerchantCode,
  settings: { isSingle: boolean; agentPolicyEnabled: boolean },
) => {
  const response = await app.inject({
    method: 'PUT',
    url: `/ops/merchants/${merchantCode}/wallet`,
    headers: OPERATOR_HEADERS,
    payload: { ...settings, reason: 'test wallet mode' },
  });
  expect(response.statusCode, response.body).toBe(200);
};
