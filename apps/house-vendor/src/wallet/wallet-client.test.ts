import { DEVELOPMENT_HOUSE_VENDOR_SECRET } from '../config.ts';
import { signVendorRequest } from '@lanna/contract/vendor-wallet/signing';
import { describe, expect, it } from 'vitest';
import { createWalletClient, WalletRefusal, WalletUnreachable } from './wallet-client.ts';

const RESULT = {
  transactionId: 'r1:win',
  walletTransactionId: '7',
  playerId: '12',
  currency: 'THB',
  balanceMinor: '1500',
  roundStatus: 'settled',
};
const CREDIT = {
  idempotencyKey: 'r1-abcdef:win',
  transactionId: 'r1:win',
  roundId: 'r1',
  playerId: '12',
  currency: 'THB',
  amountMinor: '500',
};

type Sent = { url: string; headers: Record<string, string>; body: string };

/** A platform stand-in that answers each call from a script and records what it was sent. */
const scripted = (answers: (() => Response)[]) => {
  const sent: Sent[] = [];
  const fetchStub: typeof fetch = (input, init) => {
    sent.push({
      url: input instanceof Request ? input.url : input.toString(),
      headers: init?.headers as Record<string, string>,
      body: init?.body as string,
    });
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    return Promise.resolve(answer());
  };
  return { sent, fetchStub };
};

const ok = () => Response.json({ success: true, code: 'OK', message: 'ok', value: RESULT });
const down = (): Response => {
  throw new TypeError('fetch failed');
};

const clientOf = (fetchStub: typeof fetch) =>
  createWalletClient({
    baseUrl: 'http://platform.test',
    secret: DEVELOPMENT_HOUSE_VENDOR_SECRET,
    timeoutMs: 1000,
    retryDelaysMs: [1, 1, 1],
    fetch: fetchStub,
  });

describe('vendor wallet client', () => {
  it('signs the exact body it sends with the house secret', async () => {
    const { sent, fetchStub } = scripted([ok]);
    await clientOf(fetchStub).credit('lanna', CREDIT);
    const [call] = sent;
    expect(call?.url).toBe('http://platform.test/vendor/v1/credit');
    expect(call?.headers['x-vendor-code']).toBe('HOUSE');
    expect(call?.headers['x-signature']).toBe(
      await signVendorRequest(DEVELOPMENT_HOUSE_VENDOR_SECRET, {
        method: 'POST',
        path: '/vendor/v1/credit',
        timestamp: call?.headers['x-timestamp'] ?? '',
        merchantCode: 'lanna',
        vendorCode: 'HOUSE',
        body: call?.body ?? '',
      }),
    );
  });

  it('retries a credit through network failures and 5xx with the same body until answered', async () => {
    const { sent, fetchStub } = scripted([down, () => new Response('oops', { status: 502 }), ok]);
    const result = await clientOf(fetchStub).credit('lanna', CREDIT);
    expect(result.balanceMinor).toBe('1500');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((call) => call.body)).size).toBe(1);
  });

  it('gives up on a credit only after every retry, leaving it to the round log', async () => {
    const { sent, fetchStub } = scripted([down, down, down, down]);
    await expect(clientOf(fetchStub).credit('lanna', CREDIT)).rejects.toBeInstanceOf(
      WalletUnreachable,
    );
    expect(sent).toHaveLength(4);
  });

  it('sends a debit once: a lost answer is for a rollback to settle, not a blind resend', async () => {
    const { sent, fetchStub } = scripted([down, ok]);
    await expect(
      clientOf(fetchStub).debit('lanna', {
        ...CREDIT,
        transactionId: 'r1:bet',
        gameCode: 'lanna-slot',
        token: 'A'.repeat(43),
      }),
    ).rejects.toBeInstanceOf(WalletUnreachable);
    expect(sent).toHaveLength(1);
  });

  it('never retries a refusal, and names its code', async () => {
    const refusal = () =>
      Response.json(
        { success: false, code: 'VENDOR_ROUND_CLOSED', message: 'closed' },
        { status: 409 },
      );
    const { sent, fetchStub } = scripted([refusal, ok]);
    const error = await clientOf(fetchStub)
      .credit('lanna', CREDIT)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WalletRefusal);
    expect((error as WalletRefusal).code).toBe('VENDOR_ROUND_CLOSED');
    expect(sent).toHaveLength(1);
  });
});
