// Proves the balance endpoint as the header reads it: the seeded demo balances paid through the
// ledger (and paid once, however often the seed runs), minor units with the merchant's
// currency, vendor wallets, a trial's play money, zero for a member who never had money, and
// no balance without a session.
import { WalletBalanceSchema, type Envelope, type WalletBalance } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { seed } from '../../db/seed/index.ts';
import { call } from '../../testing/index.ts';
import {
  checkLedgerInvariants,
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
} from '../ledger/index.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { demoMember } from '../../testing/factories/members.ts';
import { type MerchantCode } from '../../testing/factories/merchants.ts';
import { getAs } from '../../testing/requests.ts';

const world = useTestApp();

/** A seeded member with a session straight from the auth service: this file tests the wallet. */
const memberOf = (merchantCode: MerchantCode, username: string) =>
  demoMember(world.app, world.db, merchantCode, username);

const balanceOf = async (merchantCode: MerchantCode, username: string): Promise<WalletBalance> => {
  const member = await memberOf(merchantCode, username);
  const response = await getAs(world.app, member, '/wps/v2/wallets/balance');
  expect(response.statusCode, response.body).toBe(200);
  return WalletBalanceSchema.parse(response.json<Envelope<unknown>>().value);
};

describe('GET /wps/v2/wallets/balance', () => {
  it("shows the demo member's opening balance in satang with the merchant's currency", async () => {
    expect(await balanceOf('lanna', 'demo_member')).toEqual({
      currency: 'THB',
      currencySymbol: '฿',
      currencyDecimals: 2,
      balanceMinor: '100000',
      vendorWallets: [],
    });
    expect((await balanceOf('siam', 'demo_agent')).balanceMinor).toBe('500000');
  });

  it('pays the opening balances once, however often the seed runs', async () => {
    await seed(world.db);
    expect((await balanceOf('lanna', 'demo_member')).balanceMinor).toBe('100000');
    const openings = await world.db.one<{ count: number }>(
      "SELECT count(*)::int AS count FROM ledger_transfers WHERE idempotency_key LIKE 'seed:opening-balance:%'",
    );
    expect(openings.count).toBe(6);
    expect((await checkLedgerInvariants(world.db)).violations).toEqual([]);
  });

  it('shows a movement at once, though balances are read from memory between movements', async () => {
    const member = await memberOf('lanna', 'demo_member');
    const before = BigInt((await balanceOf('lanna', 'demo_member')).balanceMinor);
    expect(BigInt((await balanceOf('lanna', 'demo_member')).balanceMinor)).toBe(before);
    const main = await getOrCreateMemberAccount(world.db, member.merchantId, member.memberId, {
      kind: 'main',
    });
    const house = await getOrCreateHouseAccount(world.db, member.merchantId, {
      kind: 'adjustment',
    });
    // Posted without an event sink: the ledger itself drops the cached copy after commit.
    await postTransfer(world.db, {
      merchantId: member.merchantId,
      type: 'adjustment',
      idempotencyKey: 'test:cache:adjustment',
      entries: moveEntries(house.id, main.id, 1_234n),
    });
    expect(BigInt((await balanceOf('lanna', 'demo_member')).balanceMinor)).toBe(before + 1_234n);
    await postTransfer(world.db, {
      merchantId: member.merchantId,
      type: 'adjustment',
      idempotencyKey: 'test:cache:adjustment-back',
      entries: moveEntries(main.id, house.id, 1_234n),
    });
    expect(BigInt((await balanceOf('lanna', 'demo_member')).balanceMinor)).toBe(before);
  });

  it('gives a trial member its play money, and a member who never had money zero', async () => {
    expect((await balanceOf('lanna', 'demo_trial')).balanceMinor).toBe('200000');
    expect(await balanceOf('lanna', 'demo_reset')).toMatchObject({
      balanceMinor: '0',
      vendorWallets: [],
    });
  });

  it('lists the vendor wallets beside the main wallet', async () => {
    const member = await memberOf('lanna', 'demo_agent');
    const merchantId = member.merchantId;
    const main = await getOrCreateMemberAccount(world.db, merchantId, member.memberId, {
      kind: 'main',
    });
    const pg = await getOrCreateMemberAccount(world.db, merchantId, member.memberId, {
      kind: 'vendor',
      vendorCode: 'PG',
    });
    await postTransfer(world.db, {
      merchantId,
      type: 'wallet_transfer',
      idempotencyKey: 'test:wallet:to-pg',
      entries: moveEntries(main.id, pg.id, 12_345n),
    });
    // A house account of the same vendor is the house's, never the member's.
    await getOrCreateHouseAccount(world.db, merchantId, { kind: 'game', vendorCode: 'PG' });
    expect(await balanceOf('lanna', 'demo_agent')).toMatchObject({
      balanceMinor: String(500_000 - 12_345),
      vendorWallets: [{ vendorCode: 'PG', balanceMinor: '12345' }],
    });
  });

  it('refuses a caller without a session', async () => {
    const response = await call(world.app, { method: 'GET', url: '/wps/v2/wallets/balance' });
    expect(response.statusCode).toBe(401);
    expect(response.json<unknown>()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});
