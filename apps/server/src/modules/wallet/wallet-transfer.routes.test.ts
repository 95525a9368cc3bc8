// Proves the merchant wallet and POST /wps/relay/GCS_walletTransfer as a member (or an attacker)
// meets them: Siam Royal's transfer wallet moves money into and out of a vendor wallet and
// recycles every vendor wallet at once; Lanna's single wallet refuses it. A replay answers the
// first response and moves nothing; a reused key, a hostile amount, an unknown vendor, a trial,
// a frozen member and maintenance are refused with their code and move nothing; money left in
// a vendor wallet after a switch to single wallet can still come home. The ledger's invariants
// hold after every test, and on PostgreSQL 50 parallel transfers of the whole balance move it
// exactly once.
import { randomUUID } from 'node:crypto';
import type { Envelope, MerchantWallet, WalletTransferResult } from '@lanna/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  newMember,
  setFrozen,
  signIn,
  type SignedInMember,
} from '../../testing/factories/members.ts';
import {
  setMaintenance,
  setWalletSettings,
  type MerchantCode,
} from '../../testing/factories/merchants.ts';
import {
  BAD_AMOUNTS,
  expectLedgerSound,
  headerBalance,
  transferCount,
  newFundedMember,
} from '../../testing/factories/money.ts';
import { codeOf } from '../../testing/requests.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const URL = '/wps/relay/GCS_walletTransfer';
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

const world = useTestApp();

afterEach(async () => {
  await expectLedgerSound(world.db);
});

type Signed = SignedInMember;

const funded = (fundMinor: bigint, merchantCode: MerchantCode = 'siam') =>
  newFundedMember(world.app, world.db, { merchantCode, fundMinor });

const transfer = (member: Signed, payload: unknown) =>
  world.app.inject({
    method: 'POST',
    url: URL,
    headers: { host: member.host, authorization: `Bearer ${member.token}` },
    payload: payload as object,
  });

const move = (
  action: 'toVendor' | 'fromVendor',
  vendorCode: string,
  amountMinor: string,
  idempotencyKey = randomUUID(),
) => ({ action, vendorCode, amountMinor, idempotencyKey });

const valueOf = (response: LightMyRequestResponse) =>
  response.json<Envelope<WalletTransferResult>>().value;

const vendorBalance = (result: WalletTransferResult, vendorCode: string) =>
  result.vendorWallets.find((wallet) => wallet.vendorCode === vendorCode)?.balanceMinor ?? '0';

describe('GET /wps/v2/wallets/merchant', () => {
  const merchantWallet = async (host: string) => {
    const response = await world.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/merchant',
      headers: { host },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<MerchantWallet>>().value;
  };

  it('shows Lanna as a single wallet without vendor wallets', async () => {
    expect(await merchantWallet('localhost')).toEqual({ isSingle: true, vendors: [] });
  });

  it("lists Siam Royal's vendor wallets, one per vendor code it offers", async () => {
    const wallet = await merchantWallet('siam.localhost');
    expect(wallet.isSingle).toBe(false);
    const codes = wallet.vendors.map((vendor) => vendor.vendorCode);
    expect(codes).toContain('PG');
    // JILI is offered in slots and fishing: one wallet.
    expect(codes.filter((code) => code === 'JILI')).toHaveLength(1);
    // Siam Royal offers no esports vendor.
    expect(codes).not.toContain('AV');
    expect(wallet.vendors[0]).toEqual({ vendorCode: 'PG', displayName: 'PG Soft' });
  });
});

describe('moving money between the main wallet and a vendor wallet', () => {
  it('moves money into a vendor wallet and back, and the header balance follows', async () => {
    const member = await funded(10_000n);
    const into = await transfer(member, move('toVendor', 'PG', '2500'));
    expect(into.statusCode, into.body).toBe(200);
    const result = valueOf(into);
    expect(result).toMatchObject({
      balanceMinor: '7500',
      currency: 'THB',
      currencyDecimals: 2,
      replayed: false,
      movements: [{ vendorCode: 'PG', direction: 'toVendor', amountMinor: '2500' }],
    });
    expect(vendorBalance(result, 'PG')).toBe('2500');
    expect(await headerBalance(world.app, member, member.token)).toBe(7_500n);

    const back = await transfer(member, move('fromVendor', 'PG', '1000'));
    expect(back.statusCode, back.body).toBe(200);
    expect(valueOf(back).balanceMinor).toBe('8500');
    expect(vendorBalance(valueOf(back), 'PG')).toBe('1500');
  });

  it('answers a replay with the first response and moves nothing more', async () => {
    const member = await funded(10_000n);
    const request = move('toVendor', 'PG', '4000');
    const first = await transfer(member, request);
    expect(first.statusCode, first.body).toBe(200);
    const transfers = await transferCount(world.db);
    const again = await transfer(member, request);
    expect(again.statusCode, again.body).toBe(200);
    expect(valueOf(again)).toEqual({ ...valueOf(first), replayed: true });
    expect(await transferCount(world.db)).toBe(transfers);
    expect(await headerBalance(world.app, member, member.token)).toBe(6_000n);
  });

  it('refuses the same key with another request and moves nothing', async () => {
    const member = await funded(10_000n);
    const key = randomUUID();
    expect((await transfer(member, move('toVendor', 'PG', '1000', key))).statusCode).toBe(200);
    for (const other of [
      move('toVendor', 'PG', '1001', key),
      move('toVendor', 'JILI', '1000', key),
      move('fromVendor', 'PG', '1000', key),
      { action: 'recycleAll', idempotencyKey: key },
    ]) {
      const response = await transfer(member, other);
      expect(response.statusCode, response.body).toBe(422);
      expect(codeOf(response)).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await headerBalance(world.app, member, member.token)).toBe(9_000n);
  });

  it("keeps one member's key apart from another's", async () => {
    const [first, second] = [await funded(5_000n), await funded(5_000n)];
    const key = randomUUID();
    expect((await transfer(first, move('toVendor', 'PG', '1000', key))).statusCode).toBe(200);
    const other = await transfer(second, move('toVendor', 'PG', '2000', key));
    expect(other.statusCode, other.body).toBe(200);
    expect(valueOf(other).balanceMinor).toBe('3000');
  });

  it('refuses every hostile amount with 400 and moves nothing', async () => {
    const member = await funded(10_000n);
    const transfers = await transferCount(world.db);
    for (const amountMinor of BAD_AMOUNTS) {
      const response = await transfer(member, { ...move('toVendor', 'PG', '1'), amountMinor });
      expect(response.statusCode, `${String(amountMinor)}: ${response.body}`).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
    }
    expect(await transferCount(world.db)).toBe(transfers);
    expect(await headerBalance(world.app, member, member.token)).toBe(10_000n);
  });

  it('refuses malformed requests with 400', async () => {
    const member = await funded(0n);
    const cases: unknown[] = [
      { action: 'toVendor', vendorCode: 'PG', amountMinor: '100' },
      { ...move('toVendor', 'PG', '100'), idempotencyKey: 'short' },
      { ...move('toVendor', 'PG', '100'), extra: true },
      { ...move('toVendor', 'pg', '100') },
      { action: 'steal', idempotencyKey: randomUUID() },
      [],
    ];
    for (const payload of cases) {
      const response = await transfer(member, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
    }
    const broken = await world.app.inject({
      method: 'POST',
      url: URL,
      headers: {
        host: member.host,
        authorization: `Bearer ${member.token}`,
        'content-type': 'application/json',
      },
      payload: '{"action":',
    });
    expect(broken.statusCode).toBe(400);
    expect(codeOf(broken)).toBe('MALFORMED_BODY');
  });

  it('refuses more than the wallet holds, in either direction', async () => {
    const member = await funded(1_000n);
    const into = await transfer(member, move('toVendor', 'PG', '1001'));
    expect(into.statusCode, into.body).toBe(409);
    expect(codeOf(into)).toBe('INSUFFICIENT_BALANCE');
    expect((await transfer(member, move('toVendor', 'PG', '400'))).statusCode).toBe(200);
    const out = await transfer(member, move('fromVendor', 'PG', '401'));
    expect(out.statusCode, out.body).toBe(409);
    expect(codeOf(out)).toBe('INSUFFICIENT_BALANCE');
    expect(await headerBalance(world.app, member, member.token)).toBe(600n);
  });

  it('refuses a vendor the merchant does not offer', async () => {
    const member = await funded(1_000n);
    for (const vendorCode of ['AV', 'NOPE']) {
      const response = await transfer(member, move('toVendor', vendorCode, '100'));
      expect(response.statusCode, response.body).toBe(404);
      expect(codeOf(response)).toBe('VENDOR_WALLET_NOT_FOUND');
    }
    const out = await transfer(member, move('fromVendor', 'AV', '100'));
    expect(codeOf(out)).toBe('VENDOR_WALLET_NOT_FOUND');
  });

  it("refuses a guest, another merchant's session and a trial", async () => {
    const guest = await world.app.inject({
      method: 'POST',
      url: URL,
      headers: { host: 'siam.localhost' },
      payload: move('toVendor', 'PG', '100'),
    });
    expect(guest.statusCode).toBe(401);
    const lannaMember = await funded(1_000n, 'lanna');
    const crossed = await transfer(
      { ...lannaMember, host: 'siam.localhost' },
      move('toVendor', 'PG', '100'),
    );
    expect(crossed.statusCode).toBe(401);
    const trial = await newMember(world.db, { merchantCode: 'siam', type: 4 });
    const refused = await transfer(
      { ...trial, token: await signIn(world.app, trial) },
      move('toVendor', 'PG', '100'),
    );
    expect(refused.statusCode, refused.body).toBe(403);
    expect(codeOf(refused)).toBe('TRIAL_ACCOUNT_FORBIDDEN');
  });
});

describe('recycle all', () => {
  it('brings every vendor wallet home, each by its own transfer, and replays the answer', async () => {
    const member = await funded(10_000n);
    await transfer(member, move('toVendor', 'PG', '3000'));
    await transfer(member, move('toVendor', 'JILI', '2000'));
    await transfer(member, move('toVendor', 'SABA', '500'));
    await transfer(member, move('fromVendor', 'SABA', '500'));
    const request = { action: 'recycleAll', idempotencyKey: randomUUID() };
    const response = await transfer(member, request);
    expect(response.statusCode, response.body).toBe(200);
    const result = valueOf(response);
    expect(result.balanceMinor).toBe('10000');
    expect(result.movements.map((m) => [m.vendorCode, m.direction, m.amountMinor]).sort()).toEqual([
      ['JILI', 'fromVendor', '2000'],
      ['PG', 'fromVendor', '3000'],
    ]);
    expect(new Set(result.movements.map((m) => m.transferId)).size).toBe(2);
    expect(result.vendorWallets.every((wallet) => wallet.balanceMinor === '0')).toBe(true);

    const transfers = await transferCount(world.db);
    const replay = await transfer(member, request);
    expect(valueOf(replay)).toEqual({ ...result, replayed: true });
    expect(await transferCount(world.db)).toBe(transfers);
  });

  it('answers an empty recycle with nothing moved', async () => {
    const member = await funded(1_000n);
    const response = await transfer(member, { action: 'recycleAll', idempotencyKey: randomUUID() });
    expect(response.statusCode, response.body).toBe(200);
    expect(valueOf(response)).toMatchObject({ movements: [], balanceMinor: '1000' });
  });
});

describe('the wallet mode', () => {
  it('refuses every transfer on a single-wallet merchant', async () => {
    const member = await funded(1_000n, 'lanna');
    for (const payload of [
      move('toVendor', 'PG', '100'),
      move('fromVendor', 'PG', '100'),
      { action: 'recycleAll', idempotencyKey: randomUUID() },
    ]) {
      const response = await transfer(member, payload);
      expect(response.statusCode, response.body).toBe(409);
      expect(codeOf(response)).toBe('WALLET_TRANSFER_UNAVAILABLE');
    }
  });

  it('lets money left in vendor wallets come home after a switch to single wallet', async () => {
    const member = await funded(5_000n);
    await transfer(member, move('toVendor', 'PG', '2000'));
    await transfer(member, move('toVendor', 'JILI', '1000'));
    await setWalletSettings(world.app, 'siam', { isSingle: true, agentPolicyEnabled: true });
    try {
      const into = await transfer(member, move('toVendor', 'PG', '100'));
      expect(codeOf(into)).toBe('WALLET_TRANSFER_UNAVAILABLE');
      const out = await transfer(member, move('fromVendor', 'PG', '500'));
      expect(out.statusCode, out.body).toBe(200);
      const recycle = await transfer(member, {
        action: 'recycleAll',
        idempotencyKey: randomUUID(),
      });
      expect(recycle.statusCode, recycle.body).toBe(200);
      expect(valueOf(recycle).balanceMinor).toBe('5000');
    } finally {
      await setWalletSettings(world.app, 'siam', { isSingle: false, agentPolicyEnabled: true });
    }
  });
});

describe('frozen members and maintenance', () => {
  it('refuses a frozen member until it is unfrozen', async () => {
    const member = await funded(3_000n);
    await transfer(member, move('toVendor', 'PG', '1000'));
    await setFrozen(world.app, member, true);
    for (const payload of [
      move('toVendor', 'PG', '100'),
      move('fromVendor', 'PG', '100'),
      { action: 'recycleAll', idempotencyKey: randomUUID() },
    ]) {
      const response = await transfer(member, payload);
      expect(response.statusCode, response.body).toBe(403);
      expect(codeOf(response)).toBe('ACCOUNT_FROZEN');
    }
    await setFrozen(world.app, member, false);
    expect((await transfer(member, move('toVendor', 'PG', '100'))).statusCode).toBe(200);
  });

  it('refuses transfers during maintenance', async () => {
    const member = await funded(3_000n);
    await setMaintenance(world.app, 'siam', true);
    try {
      const response = await transfer(member, move('toVendor', 'PG', '100'));
      expect(response.statusCode, response.body).toBe(503);
      expect(codeOf(response)).toBe('MAINTENANCE');
    } finally {
      await setMaintenance(world.app, 'siam', false);
    }
    expect(await headerBalance(world.app, member, member.token)).toBe(3_000n);
  });
});

describe.runIf(ON_POSTGRES)('concurrency on PostgreSQL', () => {
  it('moves the whole balance exactly once when 50 transfers race for it', async () => {
    const member = await funded(50_000n);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => transfer(member, move('toVendor', 'PG', '50000'))),
    );
    const codes = responses.map((response) =>
      response.statusCode === 200 ? 'OK' : codeOf(response),
    );
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(codes.filter((code) => code === 'INSUFFICIENT_BALANCE')).toHaveLength(49);
    expect(await headerBalance(world.app, member, member.token)).toBe(0n);
  });

  it('applies one effect when the same key races with itself', async () => {
    const member = await funded(50_000n);
    const request = move('toVendor', 'PG', '1000');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => transfer(member, request)),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ids = new Set(responses.map((response) => valueOf(response).movements[0]?.transferId));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => !valueOf(response).replayed)).toHaveLength(1);
    expect(await headerBalance(world.app, member, member.token)).toBe(49_000n);
  });
});
