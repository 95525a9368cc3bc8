// Proves the ledger's rules on the engine under test: a transfer moves money between cached
// balances atomically, a replayed key changes nothing and answers the first result, every
// refusal (insufficient balance, frozen account, reused key, malformed transfer) writes
// nothing, a batch decides each transfer on its own, events follow the commit and never a
// rollback, and the schema itself refuses what code must never do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { isAppError } from '../../shared/app-error.ts';
import { createEventBus } from '../../shared/event-bus.ts';
import { openTestDb, type TestDb } from '../../testing/index.ts';
import { checkLedgerInvariants } from './invariants.service.ts';
import {
  cachedBalance,
  cashIn,
  depositRequest,
  freshKey,
  moveRequest,
  newMemberWallet,
} from '../../testing/factories/ledger.ts';
import { merchantIdOf } from '../../testing/factories/merchants.ts';
import { transferCount } from '../../testing/factories/money.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  postTransfer,
  postTransfers,
  setAccountFrozen,
} from './ledger.service.ts';
import type { LedgerAccount, LedgerEvents, TransferRequest } from './ledger.types.ts';
import { moveEntries } from './posting.ts';

let testDb: TestDb;
let merchantId: number;
let otherMerchantId: number;
let house: LedgerAccount;

beforeAll(async () => {
  testDb = await openTestDb();
  merchantId = await merchantIdOf(testDb.db, 'lanna');
  otherMerchantId = await merchantIdOf(testDb.db, 'siam');
  house = await cashIn(testDb.db, merchantId);
});

afterAll(async () => {
  await testDb.close();
});

const db = () => testDb.db;

/** The refusal code of a post, or 'posted'. */
const codeOf = async (request: TransferRequest): Promise<string> => {
  try {
    await postTransfer(db(), request);
    return 'posted';
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
};

const funded = async (amountMinor: bigint) => {
  const account = await newMemberWallet(db(), merchantId);
  await postTransfer(db(), depositRequest(merchantId, house, account, amountMinor));
  return account;
};

describe('posting a transfer', () => {
  it('moves money and records each balance after its entry', async () => {
    const member = await newMemberWallet(db(), merchantId);
    const houseBefore = await cachedBalance(db(), house.id);
    const posted = await postTransfer(db(), depositRequest(merchantId, house, member, 12_345n));
    expect(posted.replayed).toBe(false);
    expect(posted.entries).toEqual([
      { accountId: house.id, amountMinor: -12_345n, balanceAfterMinor: houseBefore - 12_345n },
      { accountId: member.id, amountMinor: 12_345n, balanceAfterMinor: 12_345n },
    ]);
    expect(await cachedBalance(db(), member.id)).toBe(12_345n);
    // A house account may go negative: cash_in is minus everything that came in.
    expect(await cachedBalance(db(), house.id)).toBe(houseBefore - 12_345n);
  });

  it('answers a replay with the first result and moves nothing again', async () => {
    const member = await newMemberWallet(db(), merchantId);
    const request = depositRequest(merchantId, house, member, 500n);
    const first = await postTransfer(db(), request);
    const count = await transferCount(db());
    const again = await postTransfer(db(), { ...request, entries: [...request.entries].reverse() });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await transferCount(db())).toBe(count);
    expect(await cachedBalance(db(), member.id)).toBe(500n);
  });

  it('refuses the same key with another request and changes nothing', async () => {
    const member = await newMemberWallet(db(), merchantId);
    const request = depositRequest(merchantId, house, member, 500n);
    await postTransfer(db(), request);
    const count = await transferCount(db());
    expect(await codeOf({ ...request, entries: moveEntries(house.id, member.id, 501n) })).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await codeOf({ ...request, reference: 'another' })).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await codeOf({ ...request, fingerprint: 'remark: hi' })).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await transferCount(db())).toBe(count);
    expect(await cachedBalance(db(), member.id)).toBe(500n);
  });

  it('keeps keys apart per merchant', async () => {
    const key = freshKey('shared');
    const here = await newMemberWallet(db(), merchantId);
    const there = await newMemberWallet(db(), otherMerchantId);
    const otherHouse = await cashIn(db(), otherMerchantId);
    await postTransfer(db(), depositRequest(merchantId, house, here, 100n, key));
    const posted = await postTransfer(
      db(),
      depositRequest(otherMerchantId, otherHouse, there, 200n, key),
    );
    expect(posted.replayed).toBe(false);
    expect(await cachedBalance(db(), there.id)).toBe(200n);
  });

  it('refuses to take a member below zero, and a later post under the key may succeed', async () => {
    const member = await funded(1_000n);
    const withdrawal = moveRequest(merchantId, 'withdrawal', member, house, 1_001n);
    const count = await transferCount(db());
    expect(await codeOf(withdrawal)).toBe('INSUFFICIENT_BALANCE');
    expect(await transferCount(db())).toBe(count);
    expect(await cachedBalance(db(), member.id)).toBe(1_000n);
    // A refusal stores nothing: the key stays free for the request that can be honoured.
    const exact = { ...withdrawal, entries: moveEntries(member.id, house.id, 1_000n) };
    expect(await codeOf(exact)).toBe('posted');
    expect(await cachedBalance(db(), member.id)).toBe(0n);
  });

  it('lets a frozen account receive but not pay', async () => {
    const member = await funded(1_000n);
    await setAccountFrozen(db(), member.id, true);
    expect(await codeOf(depositRequest(merchantId, house, member, 10n))).toBe('posted');
    const payout = moveRequest(merchantId, 'withdrawal', member, house, 10n);
    expect(await codeOf(payout)).toBe('ACCOUNT_FROZEN');
    await setAccountFrozen(db(), member.id, false);
    expect(await codeOf(payout)).toBe('posted');
    expect(await cachedBalance(db(), member.id)).toBe(1_000n);
  });

  it('refuses malformed transfers as server bugs and writes nothing', async () => {
    const member = await newMemberWallet(db(), merchantId);
    const foreign = await newMemberWallet(db(), otherMerchantId);
    const base = { merchantId, type: 'adjustment' as const };
    const cases: [string, TransferRequest][] = [
      [
        'TRANSFER_UNBALANCED',
        {
          ...base,
          idempotencyKey: freshKey('x'),
          entries: [
            { accountId: house.id, amountMinor: -5n },
            { accountId: member.id, amountMinor: 4n },
          ],
        },
      ],
      [
        'TRANSFER_INVALID',
        {
          ...base,
          idempotencyKey: freshKey('x'),
          entries: [{ accountId: member.id, amountMinor: 0n }],
        },
      ],
      [
        'TRANSFER_INVALID',
        {
          ...base,
          idempotencyKey: freshKey('x'),
          entries: [
            { accountId: house.id, amountMinor: 0n },
            { accountId: member.id, amountMinor: 0n },
          ],
        },
      ],
      [
        'TRANSFER_INVALID',
        { ...base, idempotencyKey: freshKey('x'), entries: moveEntries(member.id, member.id, 1n) },
      ],
      [
        'TRANSFER_INVALID',
        { ...base, idempotencyKey: freshKey('x'), entries: moveEntries(house.id, 987_654_321, 1n) },
      ],
      [
        'TRANSFER_INVALID',
        { ...base, idempotencyKey: freshKey('x'), entries: moveEntries(house.id, foreign.id, 1n) },
      ],
      [
        'TRANSFER_INVALID',
        {
          ...base,
          idempotencyKey: freshKey('x'),
          entries: moveEntries(house.id, member.id, 10n ** 16n),
        },
      ],
      [
        'TRANSFER_INVALID',
        { ...base, idempotencyKey: '', entries: moveEntries(house.id, member.id, 1n) },
      ],
    ];
    const count = await transferCount(db());
    for (const [code, request] of cases) expect(await codeOf(request)).toBe(code);
    expect(await transferCount(db())).toBe(count);
  });
});

describe('a batch', () => {
  it('accepts or refuses each transfer on its own, in order', async () => {
    const a = await funded(100n);
    const b = await newMemberWallet(db(), merchantId);
    const key = freshKey('dup');
    const move = (from: LedgerAccount, to: LedgerAccount, amountMinor: bigint, label: string) =>
      moveRequest(merchantId, 'member_transfer', from, to, amountMinor, label);
    const outcomes = await postTransfers(db(), [
      move(a, b, 60n, key),
      // Depends on the first: a has 40 left.
      move(a, b, 41n, freshKey('over')),
      move(b, a, 10n, freshKey('ok')),
      // The first again: its result, once; then the key with another amount.
      move(a, b, 60n, key),
      move(a, b, 61n, key),
    ]);
    expect(
      outcomes.map((o) => (o.ok ? (o.transfer.replayed ? 'replayed' : 'posted') : o.error.code)),
    ).toEqual(['posted', 'INSUFFICIENT_BALANCE', 'posted', 'replayed', 'IDEMPOTENCY_KEY_REUSED']);
    const [first, , , replay] = outcomes;
    expect(
      first?.ok && replay?.ok && replay.transfer.transferId === first.transfer.transferId,
    ).toBe(true);
    expect(await cachedBalance(db(), a.id)).toBe(50n);
    expect(await cachedBalance(db(), b.id)).toBe(50n);
    expect((await checkLedgerInvariants(db())).violations).toEqual([]);
  });

  it('refuses only the transfer that names an unknown account', async () => {
    const a = await newMemberWallet(db(), merchantId);
    const b = await newMemberWallet(db(), merchantId);
    const outcomes = await postTransfers(db(), [
      depositRequest(merchantId, house, a, 7n),
      moveRequest(merchantId, 'deposit', house, { ...b, id: 987_654_321 }, 5n),
      depositRequest(merchantId, house, b, 9n),
    ]);
    expect(outcomes.map((o) => (o.ok ? 'posted' : o.error.code))).toEqual([
      'posted',
      'TRANSFER_INVALID',
      'posted',
    ]);
    expect(await cachedBalance(db(), a.id)).toBe(7n);
    expect(await cachedBalance(db(), b.id)).toBe(9n);
  });

  it('decides a refused request posted again before what follows it', async () => {
    const member = await newMemberWallet(db(), merchantId);
    const withdrawal = moveRequest(merchantId, 'withdrawal', member, house, 50n);
    const outcomes = await postTransfers(db(), [
      withdrawal,
      withdrawal,
      depositRequest(merchantId, house, member, 100n),
    ]);
    // The copy is decided where it stands, before the deposit that would have paid for it.
    expect(outcomes.map((o) => (o.ok ? 'posted' : o.error.code))).toEqual([
      'INSUFFICIENT_BALANCE',
      'INSUFFICIENT_BALANCE',
      'posted',
    ]);
    expect(await cachedBalance(db(), member.id)).toBe(100n);
  });
});

describe('accounts', () => {
  it('creates a wallet once, however many callers race for it', async () => {
    const member = await newMemberWallet(db(), merchantId);
    const memberId = member.memberId ?? 0;
    const wallets = await Promise.all(
      Array.from({ length: 8 }, () =>
        getOrCreateMemberAccount(db(), merchantId, memberId, { kind: 'vendor', vendorCode: 'PG' }),
      ),
    );
    expect(new Set(wallets.map((wallet) => wallet.id)).size).toBe(1);
    expect(wallets[0]).toMatchObject({
      owner: 'member',
      kind: 'vendor',
      vendorCode: 'PG',
      balanceMinor: 0n,
    });
    const game = await getOrCreateHouseAccount(db(), merchantId, {
      kind: 'game',
      vendorCode: 'PG',
    });
    expect(
      await getOrCreateHouseAccount(db(), merchantId, { kind: 'game', vendorCode: 'PG' }),
    ).toEqual(game);
  });

  it('will not open a wallet for a member of another merchant', async () => {
    const foreign = await newMemberWallet(db(), otherMerchantId);
    await expect(
      getOrCreateMemberAccount(db(), merchantId, foreign.memberId ?? 0, { kind: 'main' }),
    ).rejects.toThrow();
  });
});

describe('balance events', () => {
  it('publishes member balances after commit, and nothing for a rollback or a refusal', async () => {
    const bus = createEventBus<LedgerEvents>();
    const seen: LedgerEvents['balanceChanged'][] = [];
    bus.on('balanceChanged', (event) => seen.push(event));
    const member = await newMemberWallet(db(), merchantId);
    const request = depositRequest(merchantId, house, member, 300n);
    await expect(
      db().transaction(async (tx) => {
        await postTransfer(tx, request, { events: bus });
        expect(seen).toEqual([]);
        throw new Error('the caller changes its mind');
      }),
    ).rejects.toThrow('changes its mind');
    expect(seen).toEqual([]);
    const posted = await postTransfer(db(), request, { events: bus });
    expect(seen).toEqual([
      {
        merchantId,
        memberId: member.memberId,
        accountId: member.id,
        wallet: { kind: 'main' },
        balanceMinor: 300n,
        transferId: posted.transferId,
        transferType: 'deposit',
        committedAt: expect.any(Date) as Date,
      },
    ]);
    await postTransfer(db(), request, { events: bus });
    const refused = await postTransfers(
      db(),
      [
        {
          ...request,
          idempotencyKey: freshKey('big'),
          entries: moveEntries(member.id, house.id, 301n),
        },
      ],
      { events: bus },
    );
    expect(refused[0]?.ok).toBe(false);
    expect(seen).toHaveLength(1);
  });
});

describe('the database as the last line of defence', () => {
  it('refuses a negative member balance, edits of history and unbalanced entries', async () => {
    const member = await funded(10n);
    const refusal = (promise: Promise<unknown>, reason: RegExp) =>
      expect(promise).rejects.toThrow(reason);
    await refusal(
      db().query('UPDATE ledger_accounts SET balance_minor = -1 WHERE id = $1', [member.id]),
      /ledger_accounts_member_not_negative/,
    );
    const appendOnly = /the ledger only appends/;
    await refusal(
      db().query('UPDATE ledger_entries SET amount_minor = amount_minor + 1'),
      appendOnly,
    );
    await refusal(db().query('DELETE FROM ledger_entries'), appendOnly);
    await refusal(db().query('TRUNCATE ledger_entries CASCADE'), appendOnly);
    await refusal(db().query('DELETE FROM ledger_transfers'), appendOnly);
    await refusal(db().query('DELETE FROM ledger_accounts WHERE id = $1', [member.id]), appendOnly);
    await refusal(
      db().transaction(async (tx) => {
        const transfer = await tx.one<{ id: string }>(
          `INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, created_at)
           VALUES ($1, 'adjustment', $2, repeat('0', 64), now()) RETURNING id`,
          [merchantId, freshKey('raw')],
        );
        await tx.query(
          `INSERT INTO ledger_entries (merchant_id, transfer_id, account_id, amount_minor, balance_after_minor)
           VALUES ($1, $2, $3, 1, 0), ($1, $2, $4, -2, 0)`,
          [merchantId, transfer.id, member.id, house.id],
        );
      }),
      /is unbalanced/,
    );
    expect(await cachedBalance(db(), member.id)).toBe(10n);
  });

  it('refuses entries whose transfer or account is not of their merchant', async () => {
    const member = await funded(10n);
    const stranger = await newMemberWallet(db(), otherMerchantId);
    const rawTransfer = (tx: Db) =>
      tx.one<{ id: string }>(
        `INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, created_at)
         VALUES ($1, 'adjustment', $2, repeat('0', 64), now()) RETURNING id`,
        [merchantId, freshKey('raw')],
      );
    const entries = (tx: Db, transferId: string, accountId: number) =>
      tx.query(
        `INSERT INTO ledger_entries (merchant_id, transfer_id, account_id, amount_minor, balance_after_minor)
         VALUES ($1, $2, $3, -1, 0), ($1, $2, $4, 1, 0)`,
        [merchantId, transferId, house.id, accountId],
      );
    await expect(
      db().transaction(async (tx) => entries(tx, (await rawTransfer(tx)).id, stranger.id)),
    ).rejects.toThrow(new RegExp(`name account ${stranger.id} off their merchant`));
    await expect(
      db().transaction(async (tx) => {
        const transfer = await rawTransfer(tx);
        await entries(tx, String(Number(transfer.id) + 1_000_000), member.id);
      }),
    ).rejects.toThrow(/name transfer \d+ off their merchant/);
    expect(await cachedBalance(db(), member.id)).toBe(10n);
    expect(await cachedBalance(db(), stranger.id)).toBe(0n);
  });

  it('flags a cached balance that drifted from its entries', async () => {
    const member = await funded(10n);
    expect((await checkLedgerInvariants(db())).ok).toBe(true);
    await db().query('UPDATE ledger_accounts SET balance_minor = 11 WHERE id = $1', [member.id]);
    const report = await checkLedgerInvariants(db(), { merchantId });
    await db().query('UPDATE ledger_accounts SET balance_minor = 10 WHERE id = $1', [member.id]);
    expect(report.ok).toBe(false);
    expect(report.violations).toEqual(
      expect.arrayContaining([
        {
          rule: 'balance_not_sum_of_entries',
          subject: String(member.id),
          found: '11',
          expected: '10',
        },
        {
          rule: 'balance_not_last_balance_after',
          subject: String(member.id),
          found: '11',
          expected: '10',
        },
      ]),
    );
    expect((await checkLedgerInvariants(db())).ok).toBe(true);
  });
});
