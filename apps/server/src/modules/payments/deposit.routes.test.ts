// Proves bank-transfer deposits as a member, an attacker and an operator meet them: a request
// moves no money, an operator's approval credits the main wallet exactly once (however often or
// concurrently it is sent) and is audit-logged, a rejection moves nothing and shows its reason,
// limits and bad input are refused with stable codes and write nothing, trial, frozen and
// maintenance are stopped at the door, and the ledger's invariants hold after every test.
import {
  CreatedDepositSchema,
  DepositChannelsSchema,
  DepositPageSchema,
  findMessages,
  findOpsDeposits,
  OpsDepositSchema,
  type MerchantAccessSettings,
} from '@lanna/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, movableClock } from '../../testing/index.ts';
import { gatewayDepositBody, postDeposit } from '../../testing/factories/deposits.ts';
import {
  demoMember,
  newSignedInMember,
  type SignedInMember,
} from '../../testing/factories/members.ts';
import { channelIdOf } from '../../testing/factories/merchants.ts';
import {
  countOf,
  expectLedgerSound,
  newIdempotencyKey,
  mainBalanceOf,
} from '../../testing/factories/money.ts';
import { codeOf, OPERATOR_AUTH, valueOf } from '../../testing/requests.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const clock = movableClock('2026-06-10T05:00:00.000Z');
const world = useTestApp({ clock });

afterEach(async () => {
  await expectLedgerSound(world.db);
});

const db = () => world.db;

const requestDeposit = (member: SignedInMember, body: unknown) =>
  postDeposit(world.app, member, body);

const bankDeposit = async (member: SignedInMember, overrides: Record<string, unknown> = {}) => ({
  channelId: await channelIdOf(
    db(),
    member.host === 'localhost' ? 'lanna' : 'siam',
    member.host === 'localhost' ? 'kbank' : 'bbl',
  ),
  amountMinor: '50000',
  payerName: 'Somchai Jaidee',
  reference: 'TRX-0001',
  idempotencyKey: newIdempotencyKey(),
  ...overrides,
});

const decide = (
  action: 'approve' | 'reject',
  depositId: string,
  options: { merchantCode?: string; reason?: string; operator?: string } = {},
) =>
  world.app.inject({
    method: 'POST',
    url: `/ops/merchants/${options.merchantCode ?? 'lanna'}/deposits/${depositId}/${action}`,
    headers: { ...OPERATOR_AUTH, ...(options.operator ? { 'x-operator': options.operator } : {}) },
    payload: { reason: options.reason ?? `${action} in test` },
  });

const records = async (member: SignedInMember, query = '') =>
  valueOf(
    await call(world.app, {
      method: 'GET',
      url: `/wps/payments/deposits${query}`,
      host: member.host,
      token: member.token,
    }),
    DepositPageSchema,
  );

const platformMessages = async (member: SignedInMember) =>
  valueOf(
    await call(world.app, {
      method: 'GET',
      url: '/wps/member/messages?kind=platform',
      host: member.host,
      token: member.token,
    }),
    findMessages.value,
  ).list.map((message) => [message.title, message.content]);

const pendingDeposit = async (member: SignedInMember, overrides: Record<string, unknown> = {}) =>
  valueOf(await requestDeposit(member, await bankDeposit(member, overrides)), CreatedDepositSchema)
    .deposit;

describe('deposit channels', () => {
  it("lists the merchant's channels in order with bank details, limits and currency", async () => {
    const member = await demoMember(world.app, db(), 'lanna', 'demo_member');
    const value = valueOf(
      await call(world.app, {
        method: 'GET',
        url: '/wps/payments/deposit/channels',
        token: member.token,
      }),
      DepositChannelsSchema,
    );
    expect(value).toMatchObject({ currency: 'THB', currencySymbol: '฿', currencyDecimals: 2 });
    expect(value.channels.map((channel) => [channel.kind, channel.name])).toEqual([
      ['bank_transfer', 'Kasikornbank transfer'],
      ['bank_transfer', 'SCB transfer'],
      ['gateway', 'PromptPay QR'],
    ]);
    expect(value.channels[0]).toMatchObject({
      bank: {
        bankName: 'Kasikornbank',
        accountName: 'Lanna Entertainment Co., Ltd.',
        accountNumber: '123-4-56789-0',
      },
      minMinor: '10000',
      maxMinor: '20000000',
    });
    expect(value.channels[2]?.bank).toBeNull();
  });

  it('shows each merchant only its own channels, and hides switched-off ones', async () => {
    const member = await demoMember(world.app, db(), 'siam', 'demo_member');
    await db().query("UPDATE payment_channels SET enabled = false WHERE code = 'truemoney'");
    const value = valueOf(
      await call(world.app, {
        method: 'GET',
        url: '/wps/payments/deposit/channels',
        host: member.host,
        token: member.token,
      }),
      DepositChannelsSchema,
    );
    await db().query("UPDATE payment_channels SET enabled = true WHERE code = 'truemoney'");
    expect(value.channels.map((channel) => channel.name)).toEqual(['Bangkok Bank transfer']);
  });

  it('hides gateway channels when no gateway is configured, and refuses them', async () => {
    const bankOnly = await buildTestApp(db(), { env: { PAYMENT_GATEWAY: 'none' } });
    const member = await demoMember(bankOnly, db(), 'lanna', 'demo_member');
    const list = await call(bankOnly, {
      method: 'GET',
      url: '/wps/payments/deposit/channels',
      token: member.token,
    });
    const refused = await postDeposit(bankOnly, member, await gatewayDepositBody(db()));
    await bankOnly.close();
    expect(valueOf(list, DepositChannelsSchema).channels.map((c) => c.kind)).toEqual([
      'bank_transfer',
      'bank_transfer',
    ]);
    expect(refused.statusCode).toBe(404);
    expect(codeOf(refused)).toBe('DEPOSIT_CHANNEL_NOT_FOUND');
  });

  it('refuses a trial member and a caller without a session', async () => {
    const trial = await demoMember(world.app, db(), 'lanna', 'demo_trial');
    for (const url of ['/wps/payments/deposit/channels', '/wps/payments/deposits']) {
      const asTrial = await call(world.app, { method: 'GET', url, token: trial.token });
      expect(asTrial.statusCode).toBe(403);
      expect(codeOf(asTrial)).toBe('TRIAL_ACCOUNT_FORBIDDEN');
      expect((await call(world.app, { method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('a bank-transfer deposit request', () => {
  it('records a pending deposit and moves no money', async () => {
    const member = await newSignedInMember(world.app, db());
    const transfers = await countOf(db(), 'ledger_transfers');
    const response = await requestDeposit(member, await bankDeposit(member));
    const created = valueOf(response, CreatedDepositSchema);
    expect(created.checkoutUrl).toBeNull();
    expect(created.deposit).toMatchObject({
      status: 'pending',
      channelKind: 'bank_transfer',
      channelName: 'Kasikornbank transfer',
      amountMinor: '50000',
      payerName: 'Somchai Jaidee',
      reference: 'TRX-0001',
      rejectReason: null,
      decidedAt: null,
      createdAt: '2026-06-10T05:00:00.000Z',
    });
    expect(await countOf(db(), 'ledger_transfers')).toBe(transfers);
    expect(await mainBalanceOf(db(), member)).toBe(0n);
    expect((await records(member)).list.map((item) => item.id)).toEqual([created.deposit.id]);
  });

  it('answers a replay with the first deposit and refuses the key with another request', async () => {
    const member = await newSignedInMember(world.app, db());
    const body = await bankDeposit(member);
    const first = valueOf(await requestDeposit(member, body), CreatedDepositSchema);
    const again = valueOf(await requestDeposit(member, body), CreatedDepositSchema);
    const other = await requestDeposit(member, { ...body, amountMinor: '60000' });
    expect(again).toEqual(first);
    expect(other.statusCode).toBe(422);
    expect(codeOf(other)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await records(member)).total).toBe(1);
  });

  it('makes one deposit of concurrent requests with one key', async () => {
    const member = await newSignedInMember(world.app, db());
    const body = await bankDeposit(member);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => requestDeposit(member, body)),
    );
    const ids = new Set(responses.map((r) => valueOf(r, CreatedDepositSchema).deposit.id));
    expect(ids.size).toBe(1);
    expect((await records(member)).total).toBe(1);
  });

  it("keeps one member's key apart from another member's", async () => {
    const [alice, bob] = [
      await newSignedInMember(world.app, db()),
      await newSignedInMember(world.app, db()),
    ];
    const key = newIdempotencyKey();
    const mine = await pendingDeposit(alice, { idempotencyKey: key });
    const theirs = await pendingDeposit(bob, { idempotencyKey: key, amountMinor: '70000' });
    expect(theirs.id).not.toBe(mine.id);
    expect((await records(bob)).list.map((item) => item.id)).toEqual([theirs.id]);
    expect((await records(alice)).list.map((item) => item.id)).toEqual([mine.id]);
  });

  it('enforces the channel limits per deposit', async () => {
    const member = await newSignedInMember(world.app, db());
    for (const amountMinor of ['9999', '20000001']) {
      const response = await requestDeposit(member, await bankDeposit(member, { amountMinor }));
      expect(response.statusCode, amountMinor).toBe(400);
      expect(codeOf(response)).toBe('DEPOSIT_AMOUNT_OUT_OF_RANGE');
    }
    // No bigint holds 19 nines: the contract's pattern refuses it (issue 21 item 4), never a 500.
    const huge = { amountMinor: '9999999999999999999' };
    expect(codeOf(await requestDeposit(member, await bankDeposit(member, huge)))).toBe(
      'VALIDATION_FAILED',
    );
    for (const amountMinor of ['10000', '20000000'])
      expect(
        (await requestDeposit(member, await bankDeposit(member, { amountMinor }))).statusCode,
      ).toBe(200);
  });

  it('refuses bad amounts and bad fields with 400 and writes nothing', async () => {
    const member = await newSignedInMember(world.app, db());
    const before = await countOf(db(), 'deposits');
    const amounts: unknown[] = [
      '-50000',
      '0',
      '500.00',
      '5e4',
      'abc',
      '',
      ' 50000',
      '0x10',
      '99999999999999999999',
      50000,
      5e4,
      null,
      true,
      ['50000'],
      { amount: 1 },
    ];
    for (const amountMinor of amounts) {
      const response = await requestDeposit(member, await bankDeposit(member, { amountMinor }));
      expect(response.statusCode, JSON.stringify(amountMinor)).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
    }
    const badFields: Record<string, unknown>[] = [
      { channelId: '1' },
      { channelId: -1 },
      { channelId: 1.5 },
      { idempotencyKey: 'short' },
      { idempotencyKey: 'spaces are not allowed here' },
      { payerName: 'x'.repeat(65) },
      { payerName: 'tab\tname' },
      { extra: 'field' },
    ];
    for (const overrides of badFields) {
      const response = await requestDeposit(member, await bankDeposit(member, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
    }
    const malformed = await world.app.inject({
      method: 'POST',
      url: '/wps/payments/deposits',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      payload: '{"channelId": 1, "amountMinor": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await countOf(db(), 'deposits')).toBe(before);
  });

  it('needs the payer name for a bank transfer, and a channel of this merchant', async () => {
    const member = await newSignedInMember(world.app, db());
    const noPayer = await requestDeposit(
      member,
      await bankDeposit(member, { payerName: undefined }),
    );
    expect(noPayer.statusCode).toBe(400);
    expect(codeOf(noPayer)).toBe('DEPOSIT_PAYER_NAME_REQUIRED');
    const siamChannel = await channelIdOf(db(), 'siam', 'bbl');
    for (const id of [siamChannel, 999_999]) {
      const response = await requestDeposit(member, await bankDeposit(member, { channelId: id }));
      expect(response.statusCode).toBe(404);
      expect(codeOf(response)).toBe('DEPOSIT_CHANNEL_NOT_FOUND');
    }
  });

  it('refuses a member an operator froze, and takes deposits again once unfrozen', async () => {
    const member = await newSignedInMember(world.app, db());
    const { username } = await db().one<{ username: string }>(
      'SELECT username FROM members WHERE id = $1',
      [member.memberId],
    );
    const freeze = (frozen: boolean) =>
      world.app.inject({
        method: 'PUT',
        url: `/ops/merchants/lanna/members/${username}/freeze`,
        headers: OPERATOR_AUTH,
        payload: { frozen, reason: 'deposit test' },
      });
    expect((await freeze(true)).statusCode).toBe(200);
    const response = await requestDeposit(member, await bankDeposit(member));
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('ACCOUNT_FROZEN');
    expect((await records(member)).total).toBe(0);
    expect((await freeze(false)).statusCode).toBe(200);
    expect((await requestDeposit(member, await bankDeposit(member))).statusCode).toBe(200);
  });

  it('refuses deposits during maintenance and takes them again after it', async () => {
    const member = await newSignedInMember(world.app, db());
    const access = (enabled: boolean): MerchantAccessSettings & { reason: string } => ({
      maintenance: { enabled, startsAt: null, endsAt: null },
      regionRestriction: { enabled: false, countries: [], cidrs: [] },
      reason: 'deposit test',
    });
    const put = (enabled: boolean) =>
      world.app.inject({
        method: 'PUT',
        url: '/ops/merchants/lanna/access',
        headers: OPERATOR_AUTH,
        payload: access(enabled),
      });
    expect((await put(true)).statusCode).toBe(200);
    const during = await requestDeposit(member, await bankDeposit(member));
    expect((await put(false)).statusCode).toBe(200);
    expect(during.statusCode).toBe(503);
    expect(codeOf(during)).toBe('MAINTENANCE');
    expect((await requestDeposit(member, await bankDeposit(member))).statusCode).toBe(200);
    expect((await records(member)).total).toBe(1);
  });
});

describe('operator review', () => {
  it('approves: credits the main wallet once from cash in, and writes the audit row', async () => {
    const member = await newSignedInMember(world.app, db());
    const deposit = await pendingDeposit(member, { amountMinor: '123456' });
    const audits = await countOf(db(), 'audit_log');
    const approved = valueOf(
      await decide('approve', deposit.id, { reason: 'seen on statement', operator: 'mali' }),
      OpsDepositSchema,
    );
    expect(approved).toMatchObject({ status: 'approved', decidedBy: 'operator-api-key:mali' });
    expect(approved.transferId).not.toBeNull();
    expect(await mainBalanceOf(db(), member)).toBe(123_456n);
    const transfer = await db().one<{ type: string; idempotency_key: string }>(
      'SELECT type, idempotency_key FROM ledger_transfers WHERE id = $1',
      [approved.transferId],
    );
    expect(transfer).toEqual({ type: 'deposit', idempotency_key: `deposit:${deposit.id}` });
    const audit = await db().one<{
      actor: string;
      action: string;
      target: string;
      reason: string;
      before: { status: string };
      after: { status: string };
    }>(
      'SELECT actor, action, target, reason, before, after FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(audit).toMatchObject({
      actor: 'operator-api-key:mali',
      action: 'deposit.approve',
      target: `deposit:${deposit.id}`,
      reason: 'seen on statement',
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    expect(await countOf(db(), 'audit_log')).toBe(audits + 1);
    expect((await records(member)).list[0]).toMatchObject({ status: 'approved' });
  });

  it('credits once when approved twice, or by many operators at once', async () => {
    const member = await newSignedInMember(world.app, db());
    const first = await pendingDeposit(member, { amountMinor: '10000' });
    const second = await pendingDeposit(member, { amountMinor: '20000' });
    const once = valueOf(await decide('approve', first.id), OpsDepositSchema);
    const audits = await countOf(db(), 'audit_log');
    const twice = valueOf(await decide('approve', first.id), OpsDepositSchema);
    expect(twice).toEqual(once);
    expect(await countOf(db(), 'audit_log')).toBe(audits);
    const parallel = await Promise.all(
      Array.from({ length: 6 }, () => decide('approve', second.id)),
    );
    expect(parallel.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(await mainBalanceOf(db(), member)).toBe(30_000n);
    const credits = await db().one<{ count: number }>(
      'SELECT count(*)::int AS count FROM ledger_transfers WHERE idempotency_key = ANY ($1)',
      [[`deposit:${first.id}`, `deposit:${second.id}`]],
    );
    expect(credits.count).toBe(2);
  });

  it('rejects with a reason the member sees, and moves nothing', async () => {
    const member = await newSignedInMember(world.app, db());
    const deposit = await pendingDeposit(member);
    const transfers = await countOf(db(), 'ledger_transfers');
    const rejected = valueOf(
      await decide('reject', deposit.id, { reason: 'No transfer arrived' }),
      OpsDepositSchema,
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'No transfer arrived' });
    expect(await countOf(db(), 'ledger_transfers')).toBe(transfers);
    expect((await records(member)).list[0]).toMatchObject({
      status: 'rejected',
      rejectReason: 'No transfer arrived',
    });
    const action = await db().one<{ action: string }>(
      'SELECT action FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(action.action).toBe('deposit.reject');
  });

  it("tells the member of each decision once, by a platform message in the merchant's language", async () => {
    const member = await newSignedInMember(world.app, db());
    const approved = await pendingDeposit(member, { amountMinor: '123456' });
    const rejected = await pendingDeposit(member);
    expect(await platformMessages(member)).toEqual([]);
    await decide('approve', approved.id);
    await decide('approve', approved.id);
    await decide('reject', rejected.id, { reason: 'No <b>transfer</b> arrived' });
    expect(await platformMessages(member)).toEqual([
      [
        'Deposit rejected',
        '<p>Your deposit of 500.00 THB was rejected: No &#60;b&#62;transfer&#60;/b&#62; arrived</p>',
      ],
      [
        'Deposit credited',
        '<p>Your deposit of 1234.56 THB has been credited to your main wallet.</p>',
      ],
    ]);

    const thai = await newSignedInMember(world.app, db(), { merchantCode: 'siam' });
    await decide('approve', (await pendingDeposit(thai)).id, { merchantCode: 'siam' });
    expect(await platformMessages(thai)).toEqual([
      ['ฝากเงินสำเร็จ', '<p>ยอดฝาก 500.00 THB ของคุณเข้ากระเป๋าหลักแล้ว</p>'],
    ]);
  });

  it('refuses to approve a rejected deposit or reject an approved one', async () => {
    const member = await newSignedInMember(world.app, db());
    const rejected = await pendingDeposit(member);
    const approved = await pendingDeposit(member);
    await decide('reject', rejected.id);
    await decide('approve', approved.id);
    const transfers = await countOf(db(), 'ledger_transfers');
    for (const response of [
      await decide('approve', rejected.id),
      await decide('reject', approved.id),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(codeOf(response)).toBe('DEPOSIT_ALREADY_DECIDED');
    }
    expect(await countOf(db(), 'ledger_transfers')).toBe(transfers);
    expect(await mainBalanceOf(db(), member)).toBe(50_000n);
  });

  it("refuses another merchant's or an unknown deposit, bad ids, and no reason", async () => {
    const member = await newSignedInMember(world.app, db());
    const deposit = await pendingDeposit(member);
    const wrongMerchant = await decide('approve', deposit.id, { merchantCode: 'siam' });
    expect(wrongMerchant.statusCode).toBe(404);
    expect(codeOf(wrongMerchant)).toBe('DEPOSIT_NOT_FOUND');
    expect(codeOf(await decide('approve', '987654321'))).toBe('DEPOSIT_NOT_FOUND');
    expect(codeOf(await decide('approve', deposit.id, { merchantCode: 'nobody' }))).toBe(
      'NOT_FOUND',
    );
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999'])
      expect((await decide('approve', id)).statusCode, id).toBe(400);
    expect((await decide('approve', deposit.id, { reason: '' })).statusCode).toBe(400);
    expect(await mainBalanceOf(db(), member)).toBe(0n);
  });

  it('refuses operators without the key', async () => {
    const member = await newSignedInMember(world.app, db());
    const deposit = await pendingDeposit(member);
    const response = await world.app.inject({
      method: 'POST',
      url: `/ops/merchants/lanna/deposits/${deposit.id}/approve`,
      payload: { reason: 'no key' },
    });
    expect(response.statusCode).toBe(401);
    expect(await mainBalanceOf(db(), member)).toBe(0n);
  });

  it('lists the pending queue oldest first for operators', async () => {
    const member = await newSignedInMember(world.app, db(), { merchantCode: 'siam' });
    const first = await pendingDeposit(member, { amountMinor: '30000' });
    const second = await pendingDeposit(member, { amountMinor: '40000' });
    const response = await world.app.inject({
      method: 'GET',
      url: '/ops/merchants/siam/deposits?status=pending',
      headers: OPERATOR_AUTH,
    });
    const page = valueOf(response, findOpsDeposits.value);
    const mine = page.list.filter((item) => item.memberId === String(member.memberId));
    expect(mine.map((item) => item.id)).toEqual([first.id, second.id]);
  });
});

describe('deposit records', () => {
  it('pages newest first, and says so when there is nothing', async () => {
    const member = await newSignedInMember(world.app, db());
    expect(await records(member)).toMatchObject({ list: [], total: 0, totalPages: 0 });
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      clock.set(`2026-06-10T05:00:${String(index + 1).padStart(2, '0')}.000Z`);
      ids.push((await pendingDeposit(member)).id);
    }
    clock.set('2026-06-10T05:00:00.000Z');
    const first = await records(member, '?pageSize=10');
    const second = await records(member, '?pageNo=2&pageSize=10');
    expect(first).toMatchObject({ pageNo: 1, pageSize: 10, total: 12, totalPages: 2 });
    expect(first.list.map((item) => item.id)).toEqual(ids.slice(2).reverse());
    expect(second.list.map((item) => item.id)).toEqual(ids.slice(0, 2).reverse());
    expect((await records(member, '?pageNo=3&pageSize=10')).list).toEqual([]);
  });

  it('filters by a date range and by status', async () => {
    const member = await newSignedInMember(world.app, db());
    clock.set('2026-05-01T10:00:00.000Z');
    const old = await pendingDeposit(member);
    clock.set('2026-06-09T10:00:00.000Z');
    const recent = await pendingDeposit(member);
    clock.set('2026-06-10T05:00:00.000Z');
    await decide('reject', recent.id);
    const lastWeek = await records(member, '?from=2026-06-04&to=2026-06-10');
    expect(lastWeek.list.map((item) => item.id)).toEqual([recent.id]);
    const pending = await records(member, '?status=pending');
    expect(pending.list.map((item) => item.id)).toEqual([old.id]);
    const inverted = await call(world.app, {
      method: 'GET',
      url: '/wps/payments/deposits?from=2026-06-10&to=2026-06-01',
      token: member.token,
    });
    expect(inverted.statusCode).toBe(400);
    for (const query of [
      '?pageNo=0',
      '?pageSize=500',
      '?from=yesterday',
      '?status=paid',
      '?x=1',
      '?from=2025-01-01&to=2026-06-10',
    ]) {
      const response = await call(world.app, {
        method: 'GET',
        url: `/wps/payments/deposits${query}`,
        token: member.token,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
