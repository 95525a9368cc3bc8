// Proves the vendor wallet API's gate: a call moves money only when signed with an active
// secret of the vendor it names, at the merchant it names, within the replay window and from
// an allowed address; a rotated-out secret signs until its grace ends; and hostile amounts in
// a well-signed call are refused with 400. Every refusal leaves the ledger as it was.
import { HOUSE_VENDOR_CODE, signedVendorHeaders, type ErrorEnvelope } from '@lanna/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_KEY } from '../../testing/index.ts';
import { rotateVendorSecret, setVendorIpAllowlist } from './vendor-credentials.service.ts';
import { vendorWalletConfigOf } from './vendor-wallet-config.ts';
import {
  balanceOf,
  closeVendorWorld,
  creditBody,
  debitBody,
  expectInvariants,
  expectRefusal,
  houseSigner,
  ledgerTransferCount,
  newPlayer,
  openVendorWorld,
  TEST_START,
  TEST_VENDOR,
  resultOf,
  vendorPost,
  type Player,
  type Signer,
  type VendorWorld,
} from '../../testing/factories/games.ts';

let world: VendorWorld;
let player: Player;

beforeAll(async () => {
  world = await openVendorWorld();
  player = await newPlayer(world, { balanceMinor: 100_000n });
});

afterAll(async () => {
  await closeVendorWorld(world);
});

afterEach(async () => {
  world.clock.set(TEST_START);
  await expectInvariants(world.db);
});

/** Runs a refused call and checks that nothing moved. */
const expectNothingMoved = async (refused: () => Promise<unknown>) => {
  const transfers = await ledgerTransferCount(world.db);
  const balance = await balanceOf(world.db, player.mainAccountId);
  await refused();
  expect(await ledgerTransferCount(world.db)).toBe(transfers);
  expect(await balanceOf(world.db, player.mainAccountId)).toBe(balance);
};

describe('the signature', () => {
  it('lets a well-signed debit through', async () => {
    const response = await vendorPost(world, '/vendor/v1/debit', debitBody(player, '100'));
    expect(resultOf(response).balanceMinor).toBe('99900');
  });

  it('refuses a call without signature headers', async () => {
    await expectNothingMoved(async () => {
      const response = await world.app.inject({
        method: 'POST',
        url: '/vendor/v1/debit',
        payload: debitBody(player, '100'),
      });
      expectRefusal(response, 401, 'VENDOR_SIGNATURE_INVALID');
      // The usual envelope: the request id is the one the response header names.
      expect(response.json<ErrorEnvelope>().value?.requestId).toBe(
        response.headers['x-request-id'],
      );
    });
  });

  it.each([
    ['a wrong secret', (): Signer => ({ secret: 'not-the-secret-of-this-vendor-at-all' })],
    [
      'the same vendor’s secret at another merchant',
      (): Signer => ({ secret: world.secrets.siam }),
    ],
    ['another vendor’s secret', (): Signer => ({ secret: world.secrets.house })],
    ['an unknown vendor', (): Signer => ({ vendorCode: 'NOBODY' })],
    ['an unknown merchant', (): Signer => ({ merchantCode: 'nowhere' })],
    ['a malformed vendor code', (): Signer => ({ vendorCode: 'pg' })],
  ])('refuses a call signed with %s', async (_name, signer) => {
    await expectNothingMoved(async () => {
      const response = await vendorPost(
        world,
        '/vendor/v1/debit',
        debitBody(player, '100'),
        signer(),
      );
      expectRefusal(response, 401, 'VENDOR_SIGNATURE_INVALID');
    });
  });

  it('refuses a house-signed call that names the test vendor, and the reverse', async () => {
    const asHouse = await vendorPost(world, '/vendor/v1/debit', debitBody(player, '100'), {
      ...houseSigner(world),
      vendorCode: TEST_VENDOR,
    });
    expectRefusal(asHouse, 401, 'VENDOR_SIGNATURE_INVALID');
    const asVendor = await vendorPost(world, '/vendor/v1/debit', debitBody(player, '100'), {
      vendorCode: HOUSE_VENDOR_CODE,
    });
    expectRefusal(asVendor, 401, 'VENDOR_SIGNATURE_INVALID');
  });

  it('refuses a body, or a path, other than the one signed', async () => {
    const body = JSON.stringify(debitBody(player, '100'));
    const headers = await signedVendorHeaders({
      secret: world.secrets.lanna,
      merchantCode: 'lanna',
      vendorCode: TEST_VENDOR,
      method: 'POST',
      path: '/vendor/v1/debit',
      body,
      now: world.clock().getTime(),
    });
    await expectNothingMoved(async () => {
      const changedBody = await world.app.inject({
        method: 'POST',
        url: '/vendor/v1/debit',
        headers,
        payload: body.replace('"100"', '"90000"'),
      });
      expectRefusal(changedBody, 401, 'VENDOR_SIGNATURE_INVALID');
      const otherPath = await world.app.inject({
        method: 'POST',
        url: '/vendor/v1/credit',
        headers,
        payload: body,
      });
      expectRefusal(otherPath, 401, 'VENDOR_SIGNATURE_INVALID');
    });
  });

  it('refuses a stale or future timestamp with its own code', async () => {
    for (const skewSeconds of [-301, 301, -86_400]) {
      await expectNothingMoved(async () => {
        const response = await vendorPost(world, '/vendor/v1/debit', debitBody(player, '100'), {
          skewSeconds,
        });
        expectRefusal(response, 401, 'VENDOR_TIMESTAMP_INVALID');
      });
    }
    const inWindow = await vendorPost(world, '/vendor/v1/debit', debitBody(player, '100'), {
      skewSeconds: -290,
    });
    expect(inWindow.statusCode).toBe(200);
  });

  it('checks the signature before the body: malformed JSON unsigned is 401, signed is 400', async () => {
    const unsigned = await world.app.inject({
      method: 'POST',
      url: '/vendor/v1/debit',
      headers: { 'content-type': 'application/json' },
      payload: '{"amountMinor": ',
    });
    expectRefusal(unsigned, 401, 'VENDOR_SIGNATURE_INVALID');
    const signed = await vendorPost(world, '/vendor/v1/debit', '{"amountMinor": ');
    expectRefusal(signed, 400, 'MALFORMED_BODY');
  });
});

describe('the IP allowlist', () => {
  it('refuses a signed call from an address off the list, and accepts one on it', async () => {
    const allow = (cidrs: string[]) =>
      setVendorIpAllowlist(world.db, {
        merchantId: world.merchants.lanna,
        vendorCode: TEST_VENDOR,
        cidrs,
      });
    await allow(['203.0.113.0/24', '2001:db8::/32']);
    await expectNothingMoved(async () => {
      const response = await vendorPost(world, '/vendor/v1/debit', debitBody(player, '100'));
      expectRefusal(response, 403, 'VENDOR_IP_FORBIDDEN');
    });
    // A spoofed X-Forwarded-For changes nothing: no proxy is trusted.
    const spoofed = await vendorPost(
      world,
      '/vendor/v1/debit',
      debitBody(player, '100'),
      {},
      { 'x-forwarded-for': '203.0.113.7' },
    );
    expectRefusal(spoofed, 403, 'VENDOR_IP_FORBIDDEN');
    // Unsigned calls learn nothing about the list.
    const unsigned = await world.app.inject({ method: 'POST', url: '/vendor/v1/debit' });
    expectRefusal(unsigned, 401, 'VENDOR_SIGNATURE_INVALID');
    await allow(['127.0.0.1/32']);
    expect((await vendorPost(world, '/vendor/v1/debit', debitBody(player, '100'))).statusCode).toBe(
      200,
    );
    await allow([]);
  });
});

describe('rotation', () => {
  it('keeps the replaced secret signing through the grace period, then refuses it', async () => {
    const config = vendorWalletConfigOf(world.app.config);
    const old = world.secrets.lanna;
    const fresh = await rotateVendorSecret(world.db, config, {
      merchantId: world.merchants.lanna,
      vendorCode: TEST_VENDOR,
      now: world.clock(),
    });
    world.secrets.lanna = fresh;
    for (const secret of [old, fresh]) {
      const response = await vendorPost(world, '/vendor/v1/debit', debitBody(player, '1'), {
        secret,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    world.clock.set(new Date(Date.parse(TEST_START) + config.secretGraceMs + 1000).toISOString());
    const late = await vendorPost(world, '/vendor/v1/debit', debitBody(player, '1'), {
      secret: old,
    });
    expectRefusal(late, 401, 'VENDOR_SIGNATURE_INVALID');
    // A second rotation retires the first secret at once: never more than two sign.
    const third = await rotateVendorSecret(world.db, config, {
      merchantId: world.merchants.lanna,
      vendorCode: TEST_VENDOR,
      now: world.clock(),
    });
    const byOld = await vendorPost(world, '/vendor/v1/debit', debitBody(player, '1'), {
      secret: old,
    });
    expectRefusal(byOld, 401, 'VENDOR_SIGNATURE_INVALID');
    world.secrets.lanna = third;
  });
});

describe('hostile amounts in a well-signed call', () => {
  const hostile: unknown[] = [
    '-1',
    '0',
    '-0',
    '1.5',
    '0.01',
    '1e3',
    'abc',
    ' 100',
    '100 ',
    '0x10',
    '',
    '01',
    '1000000000000001',
    '99999999999999999999',
    '9'.repeat(400),
    100,
    -100,
    1.5,
    null,
    true,
    ['100'],
    { amount: '100' },
  ];

  it.each(hostile.map((amount) => [JSON.stringify(amount), amount]))(
    'refuses a debit of %s with 400 and moves nothing',
    async (_name, amountMinor) => {
      await expectNothingMoved(async () => {
        const response = await vendorPost(world, '/vendor/v1/debit', {
          ...debitBody(player, '1'),
          amountMinor,
        });
        expectRefusal(response, 400, 'VALIDATION_FAILED');
      });
    },
  );

  it.each(
    hostile.filter((amount) => amount !== '0').map((amount) => [JSON.stringify(amount), amount]),
  )('refuses a credit of %s with 400 and moves nothing', async (_name, amountMinor) => {
    const bet = debitBody(player, '10');
    expect((await vendorPost(world, '/vendor/v1/debit', bet)).statusCode).toBe(200);
    await expectNothingMoved(async () => {
      const response = await vendorPost(world, '/vendor/v1/credit', {
        ...creditBody(player, bet.roundId, '1'),
        amountMinor,
      });
      expectRefusal(response, 400, 'VALIDATION_FAILED');
    });
  });

  it('refuses unknown currencies, player ids and tokens that are not ours', async () => {
    await expectNothingMoved(async () => {
      const wrongCurrency = await vendorPost(world, '/vendor/v1/debit', {
        ...debitBody(player, '100'),
        currency: 'USD',
      });
      expectRefusal(wrongCurrency, 400, 'VENDOR_CURRENCY_MISMATCH');
      for (const change of [
        { playerId: '-1' },
        { playerId: 'abc' },
        { token: 'short' },
        { transactionId: 'has space' },
        { roundId: 'x'.repeat(101) },
        { idempotencyKey: 'short' },
      ]) {
        const response = await vendorPost(world, '/vendor/v1/debit', {
          ...debitBody(player, '100'),
          ...change,
        });
        expectRefusal(response, 400, 'VALIDATION_FAILED');
      }
    });
  });
});

describe('operators', () => {
  const asOperator = { authorization: `Bearer ${TEST_OPERATOR_KEY}`, 'x-operator': 'ops-alice' };
  const auditOf = (action: string) =>
    world.db.query<{
      actor: string;
      target: string;
      reason: string;
      before: unknown;
      after: unknown;
    }>('SELECT actor, target, reason, before, after FROM audit_log WHERE action = $1 ORDER BY id', [
      action,
    ]);

  it('rotate a vendor secret, shown once, audit-logged without it', async () => {
    const old = world.secrets.lanna;
    const response = await world.app.inject({
      method: 'POST',
      url: `/ops/merchants/lanna/vendors/${TEST_VENDOR}/secret`,
      headers: asOperator,
      payload: { reason: 'vendor onboarding' },
    });
    const value = response.json<{ value: { secret: string; previousSecretRetiresAt: string } }>()
      .value;
    expect(response.statusCode, response.body).toBe(200);
    expect(value.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value.previousSecretRetiresAt).not.toBeNull();
    world.secrets.lanna = value.secret;
    for (const secret of [value.secret, old])
      expect(
        (await vendorPost(world, '/vendor/v1/debit', debitBody(player, '1'), { secret }))
          .statusCode,
      ).toBe(200);
    const [audit] = await auditOf('vendor.secret.rotate');
    expect(audit).toMatchObject({
      actor: expect.stringContaining('ops-alice') as unknown,
      target: `vendor:${TEST_VENDOR}`,
      reason: 'vendor onboarding',
    });
    expect(JSON.stringify(audit)).not.toContain(value.secret);
    expect(JSON.stringify(audit)).not.toContain(old);
  });

  it('set an IP allowlist, audit-logged, and refuse ranges that are not ranges', async () => {
    const put = (cidrs: string[]) =>
      world.app.inject({
        method: 'PUT',
        url: `/ops/merchants/lanna/vendors/${TEST_VENDOR}/allowlist`,
        headers: asOperator,
        payload: { cidrs, reason: 'vendor data centre' },
      });
    expectRefusal(await put(['300.1.1.1/32']), 400, 'VALIDATION_FAILED');
    expect((await put(['198.51.100.0/24'])).statusCode).toBe(200);
    expectRefusal(
      await vendorPost(world, '/vendor/v1/debit', debitBody(player, '1')),
      403,
      'VENDOR_IP_FORBIDDEN',
    );
    const cleared = await put([]);
    expect(cleared.json<{ value: { ipAllowlist: string[] } }>().value.ipAllowlist).toEqual([]);
    expect((await vendorPost(world, '/vendor/v1/debit', debitBody(player, '1'))).statusCode).toBe(
      200,
    );
    expect(await auditOf('vendor.allowlist.replace')).toMatchObject([
      { before: { ipAllowlist: [] }, after: { ipAllowlist: ['198.51.100.0/24'] } },
      { before: { ipAllowlist: ['198.51.100.0/24'] }, after: { ipAllowlist: [] } },
    ]);
  });

  it('are refused without the operator key, and for a vendor the merchant has no credential for', async () => {
    const unsigned = await world.app.inject({
      method: 'POST',
      url: `/ops/merchants/lanna/vendors/${TEST_VENDOR}/secret`,
      payload: { reason: 'no key' },
    });
    expectRefusal(unsigned, 401, 'UNAUTHORIZED');
    const unknown = await world.app.inject({
      method: 'POST',
      url: '/ops/merchants/lanna/vendors/NOBODY/secret',
      headers: asOperator,
      payload: { reason: 'unknown vendor' },
    });
    expectRefusal(unknown, 404, 'NOT_FOUND');
  });
});
