// Proves the gateway deposit end to end over real HTTP, with the app listening on a port: the
// member's request opens a payment at the sandbox gateway through the real HMAC adapter, the
// sandbox's checkout page pays or fails it and sends its signed callback to Lanna, and the
// member lands back on the deposit records. A repeated callback credits once; a forged, a
// misrouted, an unknown or a mismatched callback is refused with 4xx and moves nothing; a
// gateway that cannot be reached leaves no deposit.
import { createHmac } from 'node:crypto';
import {
  DEPOSIT_RETURN_PATH,
  signedText,
  type CreatedDeposit,
  type DepositPage,
  type Envelope,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb, type TestDb } from '../../testing/index.ts';
import { gatewayDepositBody, postDeposit } from '../../testing/factories/deposits.ts';
import { newSignedInMember, type SignedInMember } from '../../testing/factories/members.ts';
import { countOf, expectLedgerSound, mainBalanceOf } from '../../testing/factories/money.ts';
import { OPERATOR_AUTH } from '../../testing/requests.ts';

const SECRET = 'sandbox-secret-for-tests-0123456789abcdef';

let testDb: TestDb;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db, {
    env: { PAYMENT_GATEWAY: 'sandbox', PAYMENT_GATEWAY_SECRET: SECRET },
  });
  // 127.0.0.1 is one of the demo merchant lanna's domains.
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

afterEach(async () => {
  await expectLedgerSound(testDb.db);
});

const db = () => testDb.db;

type Answer<T> = { status: number; body: Envelope<T> & { code: string } };

const api = async <T>(
  member: SignedInMember | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer<T>> => {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(member ? { authorization: `Bearer ${member.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
};

const openGatewayDeposit = async (member: SignedInMember, amountMinor = '75000') => {
  const answer = await api<CreatedDeposit>(
    member,
    'POST',
    '/wps/payments/deposits',
    await gatewayDepositBody(db(), amountMinor),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.value;
};

const checkout = (url: string, decision: 'pay' | 'fail' | 'resend') =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }).toString(),
    redirect: 'manual',
  });

const orderOf = async (depositId: string) =>
  db().one<{ gateway_order_id: string; gateway_payment_id: string }>(
    'SELECT gateway_order_id, gateway_payment_id FROM deposits WHERE id = $1',
    [depositId],
  );

const signed = (fields: Record<string, string>, secret = SECRET) => ({
  ...fields,
  signature: createHmac('sha256', secret).update(signedText(fields)).digest('hex'),
});

const callbackFor = async (depositId: string, overrides: Record<string, string> = {}) => {
  const order = await orderOf(depositId);
  return {
    gatewayMerchantId: 'lanna-sandbox',
    orderId: order.gateway_order_id,
    paymentId: order.gateway_payment_id,
    amountMinor: '75000',
    currency: 'THB',
    status: 'paid',
    timestamp: String(Math.floor(Date.now() / 1000)),
    ...overrides,
  };
};

const sendCallback = (body: unknown) =>
  api<{ status: string }>(null, 'POST', '/wps/payments/gateway/callback', body);

describe('a gateway deposit through the sandbox', () => {
  it('sends the member to checkout, credits on pay, and returns to the records', async () => {
    const member = await newSignedInMember(app, db());
    const created = await openGatewayDeposit(member);
    expect(created.deposit).toMatchObject({ status: 'pending', channelKind: 'gateway' });
    expect(created.checkoutUrl).toMatch(
      new RegExp(`^${origin}/sandbox-gateway/checkout/sbx_[A-Za-z0-9_-]+$`),
    );
    const url = created.checkoutUrl ?? '';
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('750.00 THB');
    expect(await mainBalanceOf(db(), member)).toBe(0n);

    const paid = await checkout(url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${origin}${DEPOSIT_RETURN_PATH}`);
    expect(await mainBalanceOf(db(), member)).toBe(75_000n);
    const records = await api<DepositPage>(member, 'GET', '/wps/payments/deposits');
    expect(records.body.value.list[0]).toMatchObject({
      id: created.deposit.id,
      status: 'approved',
    });
  });

  it('credits once and tells the member once, however often the callback comes', async () => {
    const member = await newSignedInMember(app, db());
    const created = await openGatewayDeposit(member);
    const url = created.checkoutUrl ?? '';
    await checkout(url, 'pay');
    const transfers = await countOf(db(), 'ledger_transfers');
    expect((await checkout(url, 'resend')).status).toBe(303);
    const replay = await sendCallback(signed(await callbackFor(created.deposit.id)));
    expect(replay.status).toBe(200);
    expect(replay.body.value).toMatchObject({ status: 'approved' });
    const burst = await Promise.all(
      Array.from({ length: 5 }, async () =>
        sendCallback(signed(await callbackFor(created.deposit.id))),
      ),
    );
    expect(burst.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    expect(await countOf(db(), 'ledger_transfers')).toBe(transfers);
    expect(await mainBalanceOf(db(), member)).toBe(75_000n);
    const messages = await api<{ list: { title: string }[] }>(
      member,
      'GET',
      '/wps/member/messages?kind=platform',
    );
    expect(messages.body.value.list.map((message) => message.title)).toEqual(['Deposit credited']);
  });

  it('closes the deposit as failed when the payment fails, and moves nothing', async () => {
    const member = await newSignedInMember(app, db());
    const created = await openGatewayDeposit(member);
    const transfers = await countOf(db(), 'ledger_transfers');
    expect((await checkout(created.checkoutUrl ?? '', 'fail')).status).toBe(303);
    const records = await api<DepositPage>(member, 'GET', '/wps/payments/deposits');
    expect(records.body.value.list[0]).toMatchObject({ status: 'failed' });
    // A later "paid" for the same order contradicts the gateway's own word: refused.
    const late = await sendCallback(signed(await callbackFor(created.deposit.id)));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('DEPOSIT_ALREADY_DECIDED');
    expect(await countOf(db(), 'ledger_transfers')).toBe(transfers);
    expect(await mainBalanceOf(db(), member)).toBe(0n);
  });
});

describe('money already paid', () => {
  it('is credited even when the member was frozen or the site went into maintenance meanwhile', async () => {
    const member = await newSignedInMember(app, db());
    const created = await openGatewayDeposit(member);
    const { username } = await db().one<{ username: string }>(
      'SELECT username FROM members WHERE id = $1',
      [member.memberId],
    );
    const ops = (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url, headers: OPERATOR_AUTH, payload });
    const maintenance = (enabled: boolean) =>
      ops('/ops/merchants/lanna/access', {
        maintenance: { enabled, startsAt: null, endsAt: null },
        regionRestriction: { enabled: false, countries: [], cidrs: [] },
        reason: 'gateway test',
      });
    expect(
      (
        await ops(`/ops/merchants/lanna/members/${username}/freeze`, {
          frozen: true,
          reason: 'test',
        })
      ).statusCode,
    ).toBe(200);
    expect((await maintenance(true)).statusCode).toBe(200);
    const paid = await checkout(created.checkoutUrl ?? '', 'pay');
    expect((await maintenance(false)).statusCode).toBe(200);
    expect(paid.status).toBe(303);
    expect(await mainBalanceOf(db(), member)).toBe(75_000n);
  });
});

describe('callbacks that must move nothing', () => {
  it('refuses forged signatures with 401', async () => {
    const member = await newSignedInMember(app, db());
    const created = await openGatewayDeposit(member);
    const fields = await callbackFor(created.deposit.id);
    const valid = signed(fields);
    const forgeries = [
      signed(fields, 'another-secret-of-enough-length-0123456789'),
      { ...valid, amountMinor: '7500000' },
      { ...valid, signature: valid.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      signed({ ...fields, gatewayMerchantId: 'someone-else' }),
    ];
    for (const forged of forgeries) {
      const answer = await sendCallback(forged);
      expect(answer.status, JSON.stringify(forged)).toBe(401);
      expect(answer.body.code).toBe('PAYMENT_SIGNATURE_INVALID');
    }
    const unsigned = await sendCallback({ ...fields, signature: 'nope' });
    expect(unsigned.status).toBe(400);
    expect(await mainBalanceOf(db(), member)).toBe(0n);
  });

  it('refuses an unknown order, another payment, or another amount or currency', async () => {
    const member = await newSignedInMember(app, db());
    const created = await openGatewayDeposit(member);
    const unknown = await sendCallback(
      signed(await callbackFor(created.deposit.id, { orderId: 'dep_unknown_order_1' })),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('PAYMENT_ORDER_UNKNOWN');
    const otherPayment = await sendCallback(
      signed(await callbackFor(created.deposit.id, { paymentId: 'sbx_someone_elses_payment' })),
    );
    expect(otherPayment.body.code).toBe('PAYMENT_ORDER_UNKNOWN');
    const mismatches: Record<string, string>[] = [{ amountMinor: '75001' }, { currency: 'USD' }];
    for (const overrides of mismatches) {
      const answer = await sendCallback(signed(await callbackFor(created.deposit.id, overrides)));
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('PAYMENT_AMOUNT_MISMATCH');
    }
    expect(await mainBalanceOf(db(), member)).toBe(0n);
    const row = await db().one<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      created.deposit.id,
    ]);
    expect(row.status).toBe('pending');
  });

  it("refuses a callback for another merchant's order", async () => {
    const member = await newSignedInMember(app, db());
    const created = await openGatewayDeposit(member);
    // Fetch keeps the Host of its URL, so the other merchant's host goes in through inject.
    const response = await app.inject({
      method: 'POST',
      url: '/wps/payments/gateway/callback',
      headers: { host: 'siam.localhost' },
      payload: signed(await callbackFor(created.deposit.id)),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('PAYMENT_ORDER_UNKNOWN');
    expect(await mainBalanceOf(db(), member)).toBe(0n);
  });
});

/** A deposit request to an app of its own, configured with `env`. */
const depositThrough = async (env: Record<string, string>) => {
  const other = await buildTestApp(db(), { env });
  try {
    const member = await newSignedInMember(other, db());
    return await postDeposit(other, member, await gatewayDepositBody(db()));
  } finally {
    await other.close();
  }
};

describe('a gateway that cannot open the payment', () => {
  it('answers 502 and leaves no deposit, so the same key may try again', async () => {
    const before = await countOf(db(), 'deposits');
    const response = await depositThrough({
      PAYMENT_GATEWAY: 'hmac',
      PAYMENT_GATEWAY_URL: 'http://127.0.0.1:9/gateway',
      PAYMENT_GATEWAY_MERCHANT_ID: 'lanna',
      PAYMENT_GATEWAY_SECRET: SECRET,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json<{ code: string }>().code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
    expect(await countOf(db(), 'deposits')).toBe(before);
  });

  it('believes no answer that is not signed with the shared secret', async () => {
    // The sandbox of the listening app signs with another secret than this app's.
    const response = await depositThrough({
      PAYMENT_GATEWAY: 'hmac',
      PAYMENT_GATEWAY_URL: `${origin}/sandbox-gateway`,
      PAYMENT_GATEWAY_MERCHANT_ID: 'lanna-sandbox',
      PAYMENT_GATEWAY_SECRET: 'a-different-secret-0123456789abcdefgh',
    });
    expect(response.statusCode).toBe(502);
  });
});
