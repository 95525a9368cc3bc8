// Proves the operator's wallet actions: only the operator key gets in; a balance adjustment
// moves money between the member's main wallet and the house adjustment account with its audit
// row (who, why, before, after) in the same transaction, once per key; a freeze stops the
// member's own movements yet lets money arrive; the wallet mode changes with an audit row; bad
// input, unknown members and trial accounts are refused and change nothing.
import { randomUUID } from 'node:crypto';
import type { BalanceAdjustment, Envelope, OpsMemberWallets } from '@lanna/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { newMember, setFrozen, signIn, type TestMember } from '../../testing/factories/members.ts';
import {
  BAD_AMOUNTS,
  expectLedgerSound,
  fund,
  headerBalance,
  transferCount,
} from '../../testing/factories/money.ts';
import { codeOf, OPERATOR_HEADERS } from '../../testing/requests.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const world = useTestApp();

afterEach(async () => {
  await expectLedgerSound(world.db);
});

const memberUrl = (member: Pick<TestMember, 'merchantCode' | 'username'>, tail: string) =>
  `/ops/merchants/${member.merchantCode}/members/${member.username}/${tail}`;

const adjust = (
  member: Pick<TestMember, 'merchantCode' | 'username'>,
  payload: Record<string, unknown>,
  headers: Record<string, string> = OPERATOR_HEADERS,
) => world.app.inject({ method: 'POST', url: memberUrl(member, 'adjustments'), headers, payload });

const adjustment = (direction: 'credit' | 'debit', amountMinor: string, reason = 'goodwill') => ({
  direction,
  amountMinor,
  reason,
  idempotencyKey: randomUUID(),
});

type AuditRow = {
  actor: string;
  action: string;
  target: string;
  reason: string;
  before: unknown;
  after: unknown;
};

const auditOf = (target: string) =>
  world.db.query<AuditRow>(
    'SELECT actor, action, target, reason, before, after FROM audit_log WHERE target = $1 ORDER BY id',
    [target],
  );

const walletsOf = async (member: TestMember) => {
  const response = await world.app.inject({
    method: 'GET',
    url: memberUrl(member, 'wallets'),
    headers: OPERATOR_HEADERS,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<OpsMemberWallets>>().value;
};

describe('operator authentication', () => {
  it('refuses every wallet action without the operator key', async () => {
    const member = await newMember(world.db, { merchantCode: 'lanna' });
    const calls = [
      adjust(member, adjustment('credit', '100'), {}),
      adjust(member, adjustment('credit', '100'), { authorization: 'Bearer wrong' }),
      world.app.inject({ method: 'GET', url: memberUrl(member, 'wallets') }),
      world.app.inject({
        method: 'PUT',
        url: memberUrl(member, 'freeze'),
        payload: { frozen: true, reason: 'no key' },
      }),
      world.app.inject({ method: 'GET', url: '/ops/merchants/lanna/wallet' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
    }
    expect(await auditOf(`member:${member.username}`)).toEqual([]);
  });
});

describe('balance adjustments', () => {
  it('credits and debits the main wallet, each with its audit row', async () => {
    const member = await newMember(world.db, { merchantCode: 'lanna' });
    const credit = await adjust(member, adjustment('credit', '5000', 'compensation for outage'));
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json<Envelope<BalanceAdjustment>>().value).toMatchObject({
      direction: 'credit',
      amountMinor: '5000',
      balanceMinor: '5000',
      replayed: false,
    });
    const debit = await adjust(member, adjustment('debit', '1200', 'duplicate deposit'));
    expect(debit.json<Envelope<BalanceAdjustment>>().value.balanceMinor).toBe('3800');
    const token = await signIn(world.app, member);
    expect(await headerBalance(world.app, member, token)).toBe(3_800n);
    const audit = await auditOf(`member:${member.username}`);
    expect(audit).toMatchObject([
      {
        actor: 'operator-api-key:tester',
        action: 'member.balance.credit',
        reason: 'compensation for outage',
        before: { balanceMinor: '0' },
        after: { balanceMinor: '5000', amountMinor: '5000' },
      },
      {
        action: 'member.balance.debit',
        reason: 'duplicate deposit',
        before: { balanceMinor: '5000' },
        after: { balanceMinor: '3800', amountMinor: '1200' },
      },
    ]);
  });

  it('answers a replay with the first result and writes no second audit row', async () => {
    const member = await newMember(world.db, { merchantCode: 'siam' });
    const request = adjustment('credit', '700');
    const first = await adjust(member, request);
    const transfers = await transferCount(world.db);
    const again = await adjust(member, request);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Envelope<BalanceAdjustment>>().value).toEqual({
      ...first.json<Envelope<BalanceAdjustment>>().value,
      replayed: true,
    });
    expect(await transferCount(world.db)).toBe(transfers);
    expect(await auditOf(`member:${member.username}`)).toHaveLength(1);
  });

  it('refuses the key again with another amount, direction, reason or member', async () => {
    const member = await newMember(world.db, { merchantCode: 'lanna' });
    const other = await newMember(world.db, { merchantCode: 'lanna' });
    const request = adjustment('credit', '700');
    expect((await adjust(member, request)).statusCode).toBe(200);
    for (const [target, payload] of [
      [member, { ...request, amountMinor: '701' }],
      [member, { ...request, direction: 'debit' }],
      [member, { ...request, reason: 'another reason' }],
      [other, request],
    ] as const) {
      const response = await adjust(target, payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(codeOf(response)).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await auditOf(`member:${other.username}`)).toEqual([]);
  });

  it('refuses hostile amounts, a missing reason and a debit beyond the balance', async () => {
    const member = await newMember(world.db, { merchantCode: 'lanna' });
    await fund(world.app, member, 1_000n);
    const transfers = await transferCount(world.db);
    for (const amountMinor of BAD_AMOUNTS) {
      const response = await adjust(member, { ...adjustment('credit', '1'), amountMinor });
      expect(response.statusCode, `${String(amountMinor)}: ${response.body}`).toBe(400);
    }
    const noReason = await adjust(member, { ...adjustment('credit', '100'), reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const overdraft = await adjust(member, adjustment('debit', '1001'));
    expect(overdraft.statusCode, overdraft.body).toBe(409);
    expect(codeOf(overdraft)).toBe('INSUFFICIENT_BALANCE');
    expect(await transferCount(world.db)).toBe(transfers);
    expect(await auditOf(`member:${member.username}`)).toHaveLength(1);
  });

  it('finds no trial, no house account, no unknown member and no unknown merchant', async () => {
    const trial = await newMember(world.db, { merchantCode: 'lanna', type: 4 });
    for (const target of [
      trial,
      { merchantCode: 'lanna' as const, username: 'demo_house' },
      { merchantCode: 'lanna' as const, username: 'nobody_here' },
      { merchantCode: 'nowhere' as 'lanna', username: 'demo_member' },
    ]) {
      const response = await adjust(target, adjustment('credit', '100'));
      expect(response.statusCode, response.body).toBe(404);
      expect(codeOf(response)).toBe('NOT_FOUND');
    }
  });
});

describe('freezing a member', () => {
  it('freezes the member and its accounts with an audit row, and unfreezes it', async () => {
    const member = await newMember(world.db, { merchantCode: 'siam' });
    await fund(world.app, member, 2_000n);
    await setFrozen(world.app, member, true);
    const frozen = await walletsOf(member);
    expect(frozen.frozen).toBe(true);
    expect(frozen.wallets).toEqual([
      { kind: 'main', vendorCode: null, balanceMinor: '2000', frozen: true },
    ]);
    // A frozen member still receives: a credit arrives, a debit is refused.
    expect((await adjust(member, adjustment('credit', '500'))).statusCode).toBe(200);
    const debit = await adjust(member, adjustment('debit', '100'));
    expect(debit.statusCode, debit.body).toBe(403);
    expect(codeOf(debit)).toBe('ACCOUNT_FROZEN');

    await setFrozen(world.app, member, false);
    const unfrozen = await walletsOf(member);
    expect(unfrozen.frozen).toBe(false);
    expect(unfrozen.wallets.every((wallet) => !wallet.frozen)).toBe(true);
    expect((await adjust(member, adjustment('debit', '100'))).statusCode).toBe(200);
    const audit = await auditOf(`member:${member.username}`);
    expect(audit.filter((row) => row.action.startsWith('member.'))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'member.freeze',
          reason: 'test freeze',
          before: { frozen: false },
          after: { frozen: true },
        }),
        expect.objectContaining({ action: 'member.unfreeze', after: { frozen: false } }),
      ]),
    );
  });

  it('refuses a freeze without a reason or for an unknown member', async () => {
    const member = await newMember(world.db, { merchantCode: 'lanna' });
    const noReason = await world.app.inject({
      method: 'PUT',
      url: memberUrl(member, 'freeze'),
      headers: OPERATOR_HEADERS,
      payload: { frozen: true },
    });
    expect(noReason.statusCode).toBe(400);
    const unknown = await world.app.inject({
      method: 'PUT',
      url: memberUrl({ merchantCode: 'lanna', username: 'nobody_here' }, 'freeze'),
      headers: OPERATOR_HEADERS,
      payload: { frozen: true, reason: 'fraud' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await walletsOf(member)).frozen).toBe(false);
  });
});

describe('the merchant wallet settings', () => {
  it('reads and changes the mode with an audit row', async () => {
    const url = '/ops/merchants/lanna/wallet';
    const read = await world.app.inject({ method: 'GET', url, headers: OPERATOR_HEADERS });
    expect(read.json<Envelope<unknown>>().value).toEqual({
      isSingle: true,
      agentPolicyEnabled: true,
      trialPlayMoneyMinor: '200000',
    });
    const change = await world.app.inject({
      method: 'PUT',
      url,
      headers: OPERATOR_HEADERS,
      payload: { isSingle: false, agentPolicyEnabled: false, reason: 'try transfer wallets' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const status = await world.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/merchant',
      headers: { host: 'localhost' },
    });
    expect(status.json<Envelope<{ isSingle: boolean }>>().value.isSingle).toBe(false);
    expect(await auditOf('merchant:lanna')).toContainEqual(
      expect.objectContaining({
        action: 'merchant.wallet.replace',
        reason: 'try transfer wallets',
        before: { isSingle: true, agentPolicyEnabled: true, trialPlayMoneyMinor: '200000' },
        after: { isSingle: false, agentPolicyEnabled: false, trialPlayMoneyMinor: '200000' },
      }),
    );
    const restore = await world.app.inject({
      method: 'PUT',
      url,
      headers: OPERATOR_HEADERS,
      payload: { isSingle: true, agentPolicyEnabled: true, reason: 'back to single' },
    });
    expect(restore.statusCode).toBe(200);
    const bad = await world.app.inject({
      method: 'PUT',
      url,
      headers: OPERATOR_HEADERS,
      payload: { isSingle: 'yes', agentPolicyEnabled: true, reason: 'bad' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
