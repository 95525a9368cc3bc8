// Proves the operator's review: paying moves the held money to the house once, rejecting gives
// it back once, a repeated decision answers the same and writes nothing, the opposite decision
// is refused, and every change has its audit row (who, when, why). Also the settings route.
import {
  OpsWithdrawalPageSchema,
  OpsWithdrawalSchema,
  WithdrawalSchema,
  WithdrawalSettingsSchema,
} from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../testing/index.ts';
import { checkLedgerInvariants } from '../ledger/index.ts';
import { balancesOf } from '../../testing/factories/money.ts';
import { pendingWithdrawal } from '../../testing/factories/withdrawals.ts';
import { codeOf, getAs, ops, valueOf } from '../../testing/requests.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const clock = movableClock('2026-06-01T05:00:00.000Z');
const world = useTestApp({ clock, temporaryDataDir: true });
const db = () => world.db;

const decide = (id: string, action: 'approve' | 'reject', reason = 'checked the bank slip') =>
  ops(world.app, 'POST', `/ops/merchants/lanna/withdrawals/${id}/${action}`, { reason });

const auditRows = (target: string) =>
  db().query<{ actor: string; action: string; reason: string; before: unknown; after: unknown }>(
    'SELECT actor, action, reason, before, after FROM audit_log WHERE target = $1 ORDER BY id',
    [target],
  );

const cashOut = async () =>
  BigInt(
    (
      await db().one<{ balance: string }>(
        `SELECT a.balance_minor::text AS balance FROM ledger_accounts a
         JOIN merchants m ON m.id = a.merchant_id WHERE m.code = 'lanna' AND a.kind = 'cash_out'`,
      )
    ).balance,
  );

const pending = (amountMinor = '30000') => pendingWithdrawal(world.app, db(), amountMinor);

describe('operator review', () => {
  it('lists pending withdrawals oldest first with the whole account number', async () => {
    const { withdrawal } = await pending();
    const response = await ops(world.app, 'GET', '/ops/merchants/lanna/withdrawals?pageSize=100');
    expect(response.statusCode).toBe(200);
    const item = valueOf(response, OpsWithdrawalPageSchema).list.find(
      (candidate) => candidate.id === withdrawal.id,
    );
    expect(item?.payeeAccountNumber).toMatch(/^\d{10}$/);
    expect(item?.status).toBe('pending');
  });

  it('pays once: locked -> house cash_out, with the audit row', async () => {
    const { member, withdrawal } = await pending();
    const before = await cashOut().catch(() => 0n);
    const first = await decide(withdrawal.id, 'approve');
    expect(first.statusCode, first.body).toBe(200);
    expect(valueOf(first, OpsWithdrawalSchema)).toMatchObject({
      status: 'paid',
      decidedBy: 'operator-api-key:alice',
      decisionReason: 'checked the bank slip',
      paidAt: '2026-06-01T05:00:00.000Z',
      confirmDeadlineAt: '2026-06-01T06:00:00.000Z',
    });
    const again = await decide(withdrawal.id, 'approve', 'double click');
    expect(again.statusCode).toBe(200);
    expect(valueOf(again, OpsWithdrawalSchema).status).toBe('paid');
    expect(await balancesOf(db(), member)).toEqual({ main: 70_000n, locked: 0n });
    expect((await cashOut()) - before).toBe(30_000n);
    const rows = await auditRows(`withdrawal:${withdrawal.id}`);
    expect(rows).toEqual([
      {
        actor: 'operator-api-key:alice',
        action: 'withdrawal.pay',
        reason: 'checked the bank slip',
        before: { status: 'pending', amountMinor: '30000' },
        after: expect.objectContaining({ status: 'paid', amountMinor: '30000' }) as unknown,
      },
    ]);
    const seen = valueOf(
      await getAs(world.app, member, `/wps/payments/withdrawals/${withdrawal.id}`),
      WithdrawalSchema,
    );
    expect(seen).toMatchObject({ status: 'paid', rejectReason: null });
    const refused = await decide(withdrawal.id, 'reject');
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('WITHDRAWAL_ALREADY_REVIEWED');
    expect((await checkLedgerInvariants(db())).violations).toEqual([]);
  });

  it('rejects once: the held money returns to the main wallet, the member sees why', async () => {
    const { member, withdrawal } = await pending();
    expect((await decide(withdrawal.id, 'reject', 'name on the account differs')).statusCode).toBe(
      200,
    );
    const again = await decide(withdrawal.id, 'reject', 'again');
    expect(valueOf(again, OpsWithdrawalSchema).decisionReason).toBe('name on the account differs');
    expect(await balancesOf(db(), member)).toEqual({ main: 100_000n, locked: 0n });
    expect(await auditRows(`withdrawal:${withdrawal.id}`)).toHaveLength(1);
    const seen = valueOf(
      await getAs(world.app, member, `/wps/payments/withdrawals/${withdrawal.id}`),
      WithdrawalSchema,
    );
    expect(seen).toMatchObject({ status: 'rejected', rejectReason: 'name on the account differs' });
    expect(codeOf(await decide(withdrawal.id, 'approve'))).toBe('WITHDRAWAL_ALREADY_REVIEWED');
    expect((await checkLedgerInvariants(db())).violations).toEqual([]);
  });

  it('pays once under parallel approvals', async () => {
    const { member, withdrawal } = await pending();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => decide(withdrawal.id, 'approve')),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(await auditRows(`withdrawal:${withdrawal.id}`)).toHaveLength(1);
    expect(await balancesOf(db(), member)).toEqual({ main: 70_000n, locked: 0n });
  });

  it('refuses an unknown withdrawal, another merchant, a missing reason or key', async () => {
    const { withdrawal } = await pending();
    expect(codeOf(await decide('999999', 'approve'))).toBe('WITHDRAWAL_NOT_FOUND');
    const otherMerchant = await ops(
      world.app,
      'POST',
      `/ops/merchants/siam/withdrawals/${withdrawal.id}/approve`,
      { reason: 'wrong merchant' },
    );
    expect(codeOf(otherMerchant)).toBe('WITHDRAWAL_NOT_FOUND');
    expect((await decide(withdrawal.id, 'approve', '')).statusCode).toBe(400);
    const anonymous = await world.app.inject({
      method: 'POST',
      url: `/ops/merchants/lanna/withdrawals/${withdrawal.id}/approve`,
      payload: { reason: 'no key' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await auditRows(`withdrawal:${withdrawal.id}`)).toHaveLength(0);
  });
});

describe('withdrawal settings', () => {
  it('reads and replaces the settings with an audit row, refusing min above max', async () => {
    const current = await ops(world.app, 'GET', '/ops/merchants/siam/withdrawal-settings');
    expect(current.statusCode).toBe(200);
    const settings = valueOf(current, WithdrawalSettingsSchema);
    const changed = await ops(world.app, 'PUT', '/ops/merchants/siam/withdrawal-settings', {
      ...settings,
      confirmMinutes: 15,
      reason: 'shorter confirmation',
    });
    expect(valueOf(changed, WithdrawalSettingsSchema).confirmMinutes).toBe(15);
    const inverted = await ops(world.app, 'PUT', '/ops/merchants/siam/withdrawal-settings', {
      ...settings,
      minAmountMinor: '900000000',
      reason: 'inverted',
    });
    expect(inverted.statusCode).toBe(400);
    const rows = await db().query<{ action: string }>(
      "SELECT action FROM audit_log WHERE target = 'merchant:siam' AND action LIKE 'withdrawal.%'",
    );
    expect(rows).toEqual([{ action: 'withdrawal.settings.replace' }]);
  });
});
