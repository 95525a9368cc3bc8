import { randomBytes } from 'node:crypto';
import type { ReconciliationRun, ReconciliationScope } from '@lanna/contract';
import { expect } from 'vitest';
import { TEST_OPERATOR_KEY } from '../../testing/index.ts';
import {
  MONEY_MERCHANT,
  newMoneyMember,
  openMoneyTestApp,
  type MoneyMember,
  type MoneyTestApp,
} from '../../testing/money/money-world.ts';

export const OPS = { authorization: `Bearer ${TEST_OPERATOR_KEY}`, 'x-operator': 'auditor' };

export const freshId = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;

export const expectOk = (answer: { status: number; text: string }) =>
  expect(answer.status, answer.text).toBe(200);

export type ReconciliationWorld = MoneyTestApp & {
  player: MoneyMember;
  /** A signed vendor bet of the player in the round. */
  bet: (roundId: string, amountMinor: string) => ReturnType<MoneyTestApp['api']['debit']>;
  /** POST /ops/reconciliation-runs as an operator; the server's default scope when none. */
  runNow: (scope?: ReconciliationScope) => Promise<ReconciliationRun>;
};

/**
 * The money world the reconciliation tests check: a player funded with 500.00 by an operator's
 * adjustment, 300.00 of it moved to the vendor wallet to bet with.
 */
export const openReconciliationWorld = async (): Promise<ReconciliationWorld> => {
  const world = await openMoneyTestApp();
  const { api, app, signer, testDb } = world;
  const player = await newMoneyMember(testDb.db, api);
  expectOk(
    await api.adjust(MONEY_MERCHANT.code, player.username, {
      direction: 'credit',
      amountMinor: '50000',
      reason: 'welcome credit',
      idempotencyKey: freshId('adjust'),
    }),
  );
  expectOk(
    await api.walletTransfer(player, {
      action: 'toVendor',
      vendorCode: MONEY_MERCHANT.vendorCode,
      amountMinor: '30000',
      idempotencyKey: freshId('move'),
    }),
  );
  return {
    ...world,
    player,
    bet: (roundId, amountMinor) =>
      api.debit(signer, {
        idempotencyKey: freshId('key'),
        transactionId: freshId('bet'),
        roundId,
        gameCode: 'slot-1',
        playerId: player.playerId,
        token: player.vendorToken,
        currency: 'THB',
        amountMinor,
      }),
    runNow: async (scope) => {
      const response = await app.inject({
        method: 'POST',
        url: '/ops/reconciliation-runs',
        headers: OPS,
        payload: { reason: 'month-end check', ...(scope ? { scope } : {}) },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ value: ReconciliationRun }>().value;
    },
  };
};
