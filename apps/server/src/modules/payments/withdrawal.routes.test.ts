// Proves the withdrawal request as a member and an attacker meet it: the amount is held (main
// down, locked up, the ledger balanced), a replayed key answers the first result and another
// request under it is refused, and every refusal (limits, turnover, payment password, another
// member's card, trial, frozen, maintenance, hostile amounts) moves nothing. Also the records:
// pages, date and status filters, and the empty state.
import { randomUUID } from 'node:crypto';
import { WithdrawalOptionsSchema, WithdrawalPageSchema, WithdrawalSchema } from '@lanna/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { movableClock } from '../../testing/index.ts';
import { checkLedgerInvariants } from '../ledger/index.ts';
import { newSignedInMember, signInAgain } from '../../testing/factories/members.ts';
import { balancesOf, bet, deposit } from '../../testing/factories/money.ts';
import {
  bindCard,
  readyMember,
  setPin,
  withdraw,
  withdrawOk,
} from '../../testing/factories/withdrawals.ts';
import { codeOf, getAs, ops, valueOf } from '../../testing/requests.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const clock = movableClock('2026-06-01T05:00:00.000Z');
const world = useTestApp({ clock, temporaryDataDir: true });
const db = () => world.db;

const DEFAULTS = {
  minAmountMinor: '10000',
  maxAmountMinor: '5000000',
  dailyCount: 5,
  dailyAmountMinor: '20000000',
  turnoverMultiplierPercent: 100,
  confirmMinutes: 60,
  maxBankCards: 3,
  maxEWallets: 3,
  paymentPasswordLockAfter: 5,
  paymentPasswordLockMinutes: 15,
};

const putSettings = async (changes: Partial<typeof DEFAULTS>) => {
  const response = await ops(world.app, 'PUT', '/ops/merchants/lanna/withdrawal-settings', {
    ...DEFAULTS,
    ...changes,
    reason: 'test settings',
  });
  expect(response.statusCode, response.body).toBe(200);
};

beforeEach(async () => {
  clock.set('2026-06-01T05:00:00.000Z');
  await putSettings({});
});

const invariantsHold = async () =>
  expect((await checkLedgerInvariants(db())).violations).toEqual([]);

describe('POST /wps/payments/withdrawals', () => {
  it('holds the amount: main drops, locked rises, the ledger stays balanced', async () => {
    const { member, card } = await readyMember(world.app, db(), 100_000n);
    const withdrawal = await withdrawOk(world.app, member, {
      amountMinor: '30000',
      payeeAccountId: card.id,
    });
    expect(withdrawal).toMatchObject({
      amountMinor: '30000',
      status: 'pending',
      payee: { kind: 'bank', bankName: 'Kasikorn Bank', accountName: 'Somchai Jaidee' },
      paidAt: null,
      confirmedBy: null,
    });
    expect(withdrawal.payee.accountNumberMasked).toMatch(/^\*{4}\d{4}$/);
    expect(await balancesOf(db(), member)).toEqual({ main: 70_000n, locked: 30_000n });
    const options = valueOf(
      await getAs(world.app, member, '/wps/payments/withdrawals/options'),
      WithdrawalOptionsSchema,
    );
    expect(options).toMatchObject({
      availableMinor: '70000',
      heldMinor: '30000',
      usedTodayCount: 1,
      usedTodayAmountMinor: '30000',
      paymentPasswordSet: true,
    });
    await invariantsHold();
  });

  it('answers a replayed key with the first result and refuses another request under it', async () => {
    const { member, card } = await readyMember(world.app, db(), 100_000n);
    const key = randomUUID();
    const first = await withdraw(world.app, member, {
      amountMinor: '20000',
      payeeAccountId: card.id,
      key,
    });
    const again = await withdraw(world.app, member, {
      amountMinor: '20000',
      payeeAccountId: card.id,
      key,
    });
    expect(again.statusCode).toBe(200);
    expect(valueOf(again, WithdrawalSchema)).toEqual(valueOf(first, WithdrawalSchema));
    const other = await withdraw(world.app, member, {
      amountMinor: '25000',
      payeeAccountId: card.id,
      key,
    });
    expect(other.statusCode).toBe(422);
    expect(codeOf(other)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balancesOf(db(), member)).toEqual({ main: 80_000n, locked: 20_000n });
  });

  it('runs concurrent requests under one key once', async () => {
    const { member, card } = await readyMember(world.app, db(), 100_000n);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        withdraw(world.app, member, { amountMinor: '20000', payeeAccountId: card.id, key }),
      ),
    );
    const ids = new Set(responses.map((response) => valueOf(response, WithdrawalSchema).id));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await balancesOf(db(), member)).toEqual({ main: 80_000n, locked: 20_000n });
  });

  it('refuses hostile amounts with 400 and moves nothing', async () => {
    const { member, card } = await readyMember(world.app, db(), 100_000n);
    const hostile: unknown[] = [
      '-1',
      '0',
      '1.5',
      '1e3',
      'abc',
      '',
      ' 100',
      '99999999999999999999',
      '0100',
      100,
      -5,
      null,
      1.5,
    ];
    for (const amountMinor of hostile) {
      const response = await withdraw(world.app, member, {
        amountMinor: amountMinor as string,
        payeeAccountId: card.id,
      });
      expect(response.statusCode, String(amountMinor)).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
    }
    const huge = await withdraw(world.app, member, {
      amountMinor: '9223372036854775807',
      payeeAccountId: card.id,
    });
    expect(codeOf(huge)).toBe('WITHDRAWAL_ABOVE_MAXIMUM');
    expect(await balancesOf(db(), member)).toEqual({ main: 100_000n, locked: 0n });
  });

  it('refuses more than the balance', async () => {
    const { member, card } = await readyMember(world.app, db(), 50_000n);
    const response = await withdraw(world.app, member, {
      amountMinor: '50001',
      payeeAccountId: card.id,
    });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('INSUFFICIENT_BALANCE');
    expect(await balancesOf(db(), member)).toEqual({ main: 50_000n, locked: 0n });
  });

  it('keeps the per-request and daily limits of the merchant', async () => {
    await putSettings({
      minAmountMinor: '10000',
      maxAmountMinor: '40000',
      dailyCount: 2,
      dailyAmountMinor: '60000',
    });
    const { member, card } = await readyMember(world.app, db(), 200_000n);
    const ask = (amountMinor: string) =>
      withdraw(world.app, member, { amountMinor, payeeAccountId: card.id });
    expect(codeOf(await ask('9999'))).toBe('WITHDRAWAL_BELOW_MINIMUM');
    expect(codeOf(await ask('40001'))).toBe('WITHDRAWAL_ABOVE_MAXIMUM');
    expect((await ask('40000')).statusCode).toBe(200);
    expect(codeOf(await ask('20001'))).toBe('WITHDRAWAL_DAILY_AMOUNT_REACHED');
    expect((await ask('20000')).statusCode).toBe(200);
    expect(codeOf(await ask('10000'))).toBe('WITHDRAWAL_DAILY_COUNT_REACHED');
    expect(await balancesOf(db(), member)).toEqual({ main: 140_000n, locked: 60_000n });
    // The merchant's day (Asia/Bangkok) starts at 17:00 UTC: the count starts again.
    clock.set('2026-06-01T17:00:00.000Z');
    await signInAgain(world.app, db(), member);
    expect((await ask('10000')).statusCode).toBe(200);
  });

  it('refuses until the bets since the last deposit reach the turnover requirement', async () => {
    await putSettings({ turnoverMultiplierPercent: 150 });
    const member = await newSignedInMember(world.app, db());
    await setPin(world.app, member);
    const card = await bindCard(world.app, member);
    await deposit(world.app, db(), member, 100_000n);
    await bet(world.app, db(), member, 100_000n);
    await deposit(world.app, db(), member, 100_000n);
    await bet(world.app, db(), member, 60_000n);
    // Bets before the last deposit do not count: 60,000 of 150,000.
    const refused = await withdraw(world.app, member, {
      amountMinor: '10000',
      payeeAccountId: card.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('TURNOVER_NOT_MET');
    const options = valueOf(
      await getAs(world.app, member, '/wps/payments/withdrawals/options'),
      WithdrawalOptionsSchema,
    );
    expect(options.turnover).toMatchObject({
      requiredMinor: '150000',
      achievedMinor: '60000',
      remainingMinor: '90000',
      multiplierPercent: 150,
      lastDepositMinor: '100000',
    });
    await deposit(world.app, db(), member, 50_000n);
    await bet(world.app, db(), member, 75_000n);
    expect(
      (await withdraw(world.app, member, { amountMinor: '10000', payeeAccountId: card.id }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses another member's payee account", async () => {
    const { member } = await readyMember(world.app, db(), 100_000n);
    const { card: otherCard } = await readyMember(world.app, db(), 0n);
    const response = await withdraw(world.app, member, {
      amountMinor: '10000',
      payeeAccountId: otherCard.id,
    });
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('PAYEE_ACCOUNT_NOT_FOUND');
    expect(await balancesOf(db(), member)).toEqual({ main: 100_000n, locked: 0n });
  });

  it('refuses a wrong payment password, and one without a payment password', async () => {
    const { member, card } = await readyMember(world.app, db(), 100_000n);
    const wrong = await withdraw(world.app, member, {
      amountMinor: '10000',
      payeeAccountId: card.id,
      pin: '000000',
    });
    expect(wrong.statusCode).toBe(403);
    expect(codeOf(wrong)).toBe('PAYMENT_PASSWORD_WRONG');
    const noPin = await newSignedInMember(world.app, db());
    await deposit(world.app, db(), noPin, 10_000n);
    const refused = await withdraw(world.app, noPin, {
      amountMinor: '10000',
      payeeAccountId: card.id,
    });
    expect(codeOf(refused)).toBe('PAYMENT_PASSWORD_NOT_SET');
    expect(await balancesOf(db(), member)).toEqual({ main: 100_000n, locked: 0n });
  });

  it('refuses a trial member', async () => {
    const trial = await newSignedInMember(world.app, db(), { type: 4 });
    const response = await withdraw(world.app, trial, {
      amountMinor: '10000',
      payeeAccountId: '1',
    });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('TRIAL_ACCOUNT_FORBIDDEN');
    const options = await getAs(world.app, trial, '/wps/payments/withdrawals/options');
    expect(codeOf(options)).toBe('TRIAL_ACCOUNT_FORBIDDEN');
  });

  it('refuses a frozen member and moves nothing', async () => {
    const { member, card } = await readyMember(world.app, db(), 100_000n);
    const freeze = (frozen: boolean) =>
      ops(world.app, 'PUT', `/ops/merchants/lanna/members/${member.username}/freeze`, {
        frozen,
        reason: 'test freeze',
      });
    expect((await freeze(true)).statusCode).toBe(200);
    const response = await withdraw(world.app, member, {
      amountMinor: '10000',
      payeeAccountId: card.id,
    });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('ACCOUNT_FROZEN');
    expect(await balancesOf(db(), member)).toEqual({ main: 100_000n, locked: 0n });
    expect((await freeze(false)).statusCode).toBe(200);
    expect(
      (await withdraw(world.app, member, { amountMinor: '10000', payeeAccountId: card.id }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses during maintenance and moves nothing', async () => {
    const { member, card } = await readyMember(world.app, db(), 100_000n);
    const access = (enabled: boolean) =>
      ops(world.app, 'PUT', '/ops/merchants/lanna/access', {
        maintenance: { enabled, startsAt: null, endsAt: null },
        regionRestriction: { enabled: false, countries: [], cidrs: [] },
        reason: 'test maintenance',
      });
    expect((await access(true)).statusCode).toBe(200);
    try {
      const response = await withdraw(world.app, member, {
        amountMinor: '10000',
        payeeAccountId: card.id,
      });
      expect(response.statusCode).toBe(503);
      expect(codeOf(response)).toBe('MAINTENANCE');
      expect(await balancesOf(db(), member)).toEqual({ main: 100_000n, locked: 0n });
    } finally {
      expect((await access(false)).statusCode).toBe(200);
    }
  });

  it('refuses clear text: the payment password travels sealed', async () => {
    const { member, card } = await readyMember(world.app, db(), 100_000n);
    const response = await world.app.inject({
      method: 'POST',
      url: '/wps/payments/withdrawals',
      headers: { host: member.host, authorization: `Bearer ${member.token}` },
      payload: {
        idempotencyKey: randomUUID(),
        amountMinor: '10000',
        payeeAccountId: card.id,
        paymentPassword: '135790',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('PAYLOAD_ENCRYPTION_REQUIRED');
  });
});

describe('GET /wps/payments/withdrawals', () => {
  it('pages the records newest first, filters by date and status, and is empty ahead', async () => {
    const { member, card } = await readyMember(world.app, db(), 200_000n);
    const times = [
      '2026-06-01T05:00:00.000Z',
      '2026-06-03T05:00:00.000Z',
      '2026-06-05T05:00:00.000Z',
    ];
    for (const time of times) {
      clock.set(time);
      await signInAgain(world.app, db(), member);
      await withdrawOk(world.app, member, { amountMinor: '10000', payeeAccountId: card.id });
    }
    const page = (query: string) =>
      getAs(world.app, member, `/wps/payments/withdrawals?${query}`).then((response) => {
        expect(response.statusCode, response.body).toBe(200);
        return valueOf(response, WithdrawalPageSchema);
      });
    const first = await page('pageNo=1&pageSize=2');
    expect(first).toMatchObject({
      pageNo: 1,
      pageSize: 2,
      total: 3,
      totalPages: 2,
      currency: 'THB',
    });
    expect(first.list.map((item) => item.requestedAt)).toEqual([times[2], times[1]]);
    expect((await page('pageNo=2&pageSize=2')).list.map((item) => item.requestedAt)).toEqual([
      times[0],
    ]);
    // Days in Asia/Bangkok: 3 June there runs from 2 June 17:00 UTC.
    const ranged = await page('from=2026-06-03&to=2026-06-04');
    expect(ranged.list.map((item) => item.requestedAt)).toEqual([times[1]]);
    expect((await page('status=rejected')).total).toBe(0);
    const ahead = await page('from=2026-06-11&to=2026-06-17');
    expect(ahead).toMatchObject({ list: [], total: 0, totalPages: 0 });
    const other = await newSignedInMember(world.app, db());
    expect((await getAs(world.app, other, '/wps/payments/withdrawals')).json()).toMatchObject({
      value: { total: 0 },
    });
  });

  it('refuses a bad range or page with 400', async () => {
    const member = await newSignedInMember(world.app, db());
    for (const query of [
      'pageNo=0',
      'pageSize=500',
      'from=yesterday',
      'status=stolen',
      'from=2026-06-02&to=2026-06-01',
    ]) {
      const response = await getAs(world.app, member, `/wps/payments/withdrawals?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("hides another member's withdrawal", async () => {
    const { member, card } = await readyMember(world.app, db(), 100_000n);
    const withdrawal = await withdrawOk(world.app, member, {
      amountMinor: '10000',
      payeeAccountId: card.id,
    });
    const other = await newSignedInMember(world.app, db());
    const response = await getAs(world.app, other, `/wps/payments/withdrawals/${withdrawal.id}`);
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('WITHDRAWAL_NOT_FOUND');
    const own = await getAs(world.app, member, `/wps/payments/withdrawals/${withdrawal.id}`);
    expect(valueOf(own, WithdrawalSchema).id).toBe(withdrawal.id);
  });
});
