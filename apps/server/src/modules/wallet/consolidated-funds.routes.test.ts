// Proves consolidated funds (spec section 7): the caller's main and vendor wallets and those of
// its whole subtree, from the ledger, only when the merchant's agent policy is on and never for
// a trial.
import { randomUUID } from 'node:crypto';
import type { ConsolidatedFunds, Envelope } from '@lanna/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestMember, type SignedInMember } from '../../testing/factories/members.ts';
import { setWalletSettings, type MerchantCode } from '../../testing/factories/merchants.ts';
import { expectLedgerSound, newFundedMember } from '../../testing/factories/money.ts';
import { codeOf } from '../../testing/requests.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const world = useTestApp();

afterEach(async () => {
  await expectLedgerSound(world.db);
});

type Signed = SignedInMember;

const member = (
  merchantCode: MerchantCode,
  options: { type?: 0 | 1 | 4; upline?: TestMember; fundMinor?: bigint } = {},
) => newFundedMember(world.app, world.db, { merchantCode, ...options });

describe('consolidated funds', () => {
  const consolidated = (who: Signed) =>
    world.app.inject({
      method: 'GET',
      url: '/wps/member/info/funds/consolidated',
      headers: { host: who.host, authorization: `Bearer ${who.token}` },
    });

  it("adds the caller's wallets and its whole subtree's", async () => {
    const agent = await member('siam', { type: 1, fundMinor: 10_000n });
    const child = await member('siam', { upline: agent, fundMinor: 3_000n });
    await member('siam', { upline: child, fundMinor: 2_000n });
    // Money in a vendor wallet still counts.
    const vendor = await world.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { host: agent.host, authorization: `Bearer ${agent.token}` },
      payload: {
        action: 'toVendor',
        vendorCode: 'PG',
        amountMinor: '4000',
        idempotencyKey: randomUUID(),
      },
    });
    expect(vendor.statusCode, vendor.body).toBe(200);
    const response = await consolidated(agent);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<ConsolidatedFunds>>().value).toMatchObject({
      ownBalanceMinor: '10000',
      downlineCount: 2,
      downlineBalanceMinor: '5000',
      totalBalanceMinor: '15000',
      currency: 'THB',
    });
    const own = await consolidated(child);
    expect(own.json<Envelope<ConsolidatedFunds>>().value).toMatchObject({
      ownBalanceMinor: '3000',
      downlineCount: 1,
      totalBalanceMinor: '5000',
    });
  });

  it('is refused without the agent policy and to a trial', async () => {
    const agent = await member('lanna', { type: 1 });
    const trial = await member('lanna', { type: 4 });
    const refused = await consolidated(trial);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('TRIAL_ACCOUNT_FORBIDDEN');
    await setWalletSettings(world.app, 'lanna', { isSingle: true, agentPolicyEnabled: false });
    try {
      const disabled = await consolidated(agent);
      expect(disabled.statusCode).toBe(403);
      expect(codeOf(disabled)).toBe('FEATURE_DISABLED');
    } finally {
      await setWalletSettings(world.app, 'lanna', { isSingle: true, agentPolicyEnabled: true });
    }
    expect((await consolidated(agent)).statusCode).toBe(200);
  });
});
