// Proves a trial account's play money (issue 29 item 5, decision 017): free play opens the
// account with the merchant's configured amount, which operators set with checked input; a
// trial launch is a play-money sitting whose rounds move money only against the house trial
// account; and the play money never leaves for real money: every real-money route refuses a
// trial, operators cannot see or move it, and real game results and the jackpot never count it.
import { HOUSE_VENDOR_CODE, type LaunchGame, type MerchantWalletSettings } from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/index.ts';
import {
  closeMemberWorld,
  freePlayToken,
  freshId,
  openMemberWorld,
  vendorPost,
  type MemberWorld,
  type VendorSigner,
} from '../../testing/member-world.ts';
import { OPERATOR_HEADERS } from '../../testing/requests.ts';
import { sumHouseAccount } from '../ledger/index.ts';
import { ensureVendorCredentials, vendorWalletConfigOf } from '../vendor-wallet/index.ts';

let world: MemberWorld;
let house: VendorSigner;

const codeOf = (response: { body: string }) => (JSON.parse(response.body) as { code: string }).code;

const balanceOf = async (token: string): Promise<string> => {
  const response = await call(world.app, { method: 'GET', url: '/wps/v2/wallets/balance', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: { balanceMinor: string } }>().value.balanceMinor;
};

const walletSettings = async (): Promise<MerchantWalletSettings> => {
  const response = await world.app.inject({
    method: 'GET',
    url: '/ops/merchants/lanna/wallet',
    headers: OPERATOR_HEADERS,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: MerchantWalletSettings }>().value;
};

const putWalletSettings = (payload: Record<string, unknown>) =>
  world.app.inject({
    method: 'PUT',
    url: '/ops/merchants/lanna/wallet',
    headers: OPERATOR_HEADERS,
    payload: { reason: 'trial play money', ...payload },
  });

const launchSlot = async (token: string): Promise<LaunchGame> => {
  const response = await call(world.app, {
    method: 'GET',
    url: `/wps/game/launchGame?vassalage=${HOUSE_VENDOR_CODE}&gameCode=lanna-slot`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: LaunchGame }>().value;
};

beforeAll(async () => {
  world = await openMemberWorld('2026-03-01T12:00:00.000Z');
  const config = vendorWalletConfigOf(world.app.config);
  await ensureVendorCredentials(world.db, config, world.clock());
  house = { vendorCode: HOUSE_VENDOR_CODE, secret: config.houseSecret };
});

afterAll(async () => {
  await closeMemberWorld(world);
});

describe("a trial account's play money", () => {
  it("starts with the merchant's configured play money, 2,000.00 unless an operator changes it", async () => {
    expect((await walletSettings()).trialPlayMoneyMinor).toBe('200000');
    expect(await balanceOf(await freePlayToken(world))).toBe('200000');

    const changed = await putWalletSettings({
      isSingle: true,
      agentPolicyEnabled: true,
      trialPlayMoneyMinor: '123456',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await balanceOf(await freePlayToken(world))).toBe('123456');
    // A change without the amount keeps it.
    const kept = await putWalletSettings({ isSingle: true, agentPolicyEnabled: true });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await walletSettings()).trialPlayMoneyMinor).toBe('123456');

    await putWalletSettings({ isSingle: true, agentPolicyEnabled: true, trialPlayMoneyMinor: '0' });
    expect(await balanceOf(await freePlayToken(world))).toBe('0');
    await putWalletSettings({
      isSingle: true,
      agentPolicyEnabled: true,
      trialPlayMoneyMinor: '200000',
    });
  });

  it('refuses a play money amount that is not whole minor units in range, and changes nothing', async () => {
    const before = await walletSettings();
    for (const trialPlayMoneyMinor of ['-1', '1.5', '1e5', ' 100', '', '1000000000000001', 100]) {
      const response = await putWalletSettings({
        isSingle: !before.isSingle,
        agentPolicyEnabled: before.agentPolicyEnabled,
        trialPlayMoneyMinor,
      });
      expect([response.statusCode, codeOf(response)], String(trialPlayMoneyMinor)).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
    }
    expect(await walletSettings()).toEqual(before);
  });

  it('launches a game that offers free play as a play-money sitting against the house trial account', async () => {
    const token = await freePlayToken(world);
    const launched = await launchSlot(token);
    expect(launched.freeplay).toBe(true);
    const url = new URL(launched.url);
    const playerId = url.searchParams.get('playerId') ?? '';
    const playerToken = url.searchParams.get('token') ?? '';
    expect(playerToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The game page says the sitting is play money.
    expect(url.searchParams.get('money')).toBe('play');

    const balance = await vendorPost(world, house, '/vendor/v1/balance', {
      playerId,
      token: playerToken,
      currency: 'THB',
    });
    expect(balance).toMatchObject({ balanceMinor: '200000' });

    const gameResults = await sumHouseAccount(world.db, world.lanna, {
      kind: 'game',
      vendorCode: HOUSE_VENDOR_CODE,
    });
    const jackpot = await sumHouseAccount(world.db, world.lanna, { kind: 'jackpot' });
    const trialHouse = await sumHouseAccount(world.db, world.lanna, { kind: 'trial' });
    const roundId = freshId('round');
    const movement = { roundId, playerId, currency: 'THB' };
    await vendorPost(world, house, '/vendor/v1/debit', {
      ...movement,
      idempotencyKey: freshId('key'),
      transactionId: freshId('bet'),
      gameCode: 'lanna-slot',
      token: playerToken,
      amountMinor: '1000',
    });
    await vendorPost(world, house, '/vendor/v1/credit', {
      ...movement,
      idempotencyKey: freshId('key'),
      transactionId: freshId('win'),
      amountMinor: '2500',
    });
    expect(await balanceOf(token)).toBe('201500');
    // The round is play money: the house trial account paid it, real results and the pool did not.
    const round = await world.db.one<{ play_money: boolean }>(
      'SELECT play_money FROM vendor_rounds WHERE merchant_id = $1 AND round_id = $2',
      [world.lanna, roundId],
    );
    expect(round.play_money).toBe(true);
    expect(await sumHouseAccount(world.db, world.lanna, { kind: 'trial' })).toBe(
      trialHouse - 1500n,
    );
    expect(
      await sumHouseAccount(world.db, world.lanna, { kind: 'game', vendorCode: HOUSE_VENDOR_CODE }),
    ).toBe(gameResults);
    expect(await sumHouseAccount(world.db, world.lanna, { kind: 'jackpot' })).toBe(jackpot);
  });

  it('cannot be deposited to, withdrawn, transferred or seen by operators, and stays as it was', async () => {
    const token = await freePlayToken(world);
    const attempts = [
      { method: 'POST', url: '/wps/payments/deposits' },
      { method: 'POST', url: '/wps/payments/withdrawals' },
      { method: 'POST', url: '/wps/relay/GCS_walletTransfer' },
      { method: 'POST', url: '/wps/member/transfer/upline' },
      { method: 'POST', url: '/wps/agent/transfer/downline' },
      { method: 'GET', url: '/wps/member/info/funds/consolidated' },
      { method: 'GET', url: '/wps/member/records/betting' },
    ] as const;
    for (const attempt of attempts) {
      const response = await call(world.app, { ...attempt, token, payload: {} });
      expect([response.statusCode, codeOf(response)], attempt.url).toEqual([
        403,
        'TRIAL_ACCOUNT_FORBIDDEN',
      ]);
    }
    const info = await call(world.app, { method: 'GET', url: '/wps/member/info', token });
    const username = info.json<{ value: { account: string } }>().value.account;
    const wallets = await world.app.inject({
      method: 'GET',
      url: `/ops/merchants/lanna/members/${username}/wallets`,
      headers: OPERATOR_HEADERS,
    });
    expect([wallets.statusCode, codeOf(wallets)]).toEqual([404, 'NOT_FOUND']);
    const adjustment = await world.app.inject({
      method: 'POST',
      url: `/ops/merchants/lanna/members/${username}/adjustments`,
      headers: OPERATOR_HEADERS,
      payload: {
        direction: 'debit',
        amountMinor: '100',
        reason: 'move play money',
        idempotencyKey: freshId('adjust'),
      },
    });
    expect([adjustment.statusCode, codeOf(adjustment)]).toEqual([404, 'NOT_FOUND']);
    expect(await balanceOf(token)).toBe('200000');
  });
});
