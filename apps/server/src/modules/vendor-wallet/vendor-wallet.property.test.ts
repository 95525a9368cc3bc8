// Property test of the vendor wallet API (reliability checklist A1, A4, A5): random sequences
// of debits, credits and rollbacks over a few players, rounds and transaction ids, with
// requests replayed under their key, re-sent under new keys, reordered (a rollback before its
// debit, a win before its bet) and colliding (one id for two movements). After every call:
// no 5xx; the ledger's invariants hold; every transaction id had at most one effect, exactly
// the ledger transfer its record names; each player's balance is what its recorded movements
// add up to; a replay answers byte for byte what the first request got; and a movement,
// once answered with a value, is always answered with that same value.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkLedgerInvariants } from '../ledger/index.ts';
import {
  balanceOf,
  closeVendorWorld,
  freshId,
  newPlayer,
  openVendorWorld,
  TEST_VENDOR,
  vendorPost,
  type Player,
  type VendorWorld,
} from '../../testing/factories/games.ts';

const PLAYERS = 2;
const ROUNDS = 3;
const TRANSACTIONS = 6;
const START_MINOR = 1_000n;

type Op =
  | { kind: 'debit'; player: number; round: number; txn: number; amount: number }
  | {
      kind: 'credit';
      player: number;
      round: number;
      txn: number;
      amount: number;
      closed: boolean;
    }
  | { kind: 'rollback'; player: number; round: number; txn: number; ref: number }
  | { kind: 'replay'; pick: number }
  | { kind: 'resend'; pick: number };

type Sent = { path: string; body: Record<string, unknown>; status: number; text: string };

const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const round = fc.integer({ min: 0, max: ROUNDS - 1 });
const txn = fc.integer({ min: 0, max: TRANSACTIONS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('debit' as const),
      player,
      round,
      txn,
      amount: fc.integer({ min: 1, max: 400 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      player,
      round,
      txn,
      amount: fc.integer({ min: 0, max: 600 }),
      closed: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('rollback' as const), player, round, txn, ref: txn }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resend' as const), pick: fc.nat() }) },
);

let world: VendorWorld;

beforeAll(async () => {
  world = await openVendorWorld();
});

afterAll(async () => {
  await closeVendorWorld(world);
});

/** One run's players and ids, fresh so runs never meet. */
type Run = { players: Player[]; prefix: string; sent: Sent[]; firstValues: Map<string, string> };

const idOf = (run: Run, kind: 'r' | 't', index: number) => `${run.prefix}-${kind}${index}`;

const requestOf = (run: Run, step: Exclude<Op, { kind: 'replay' | 'resend' }>) => {
  const who = run.players[step.player];
  if (!who) throw new Error('no such player');
  const base = {
    idempotencyKey: freshId('key'),
    transactionId: idOf(run, 't', step.txn),
    roundId: idOf(run, 'r', step.round),
    playerId: who.playerId,
  };
  switch (step.kind) {
    case 'debit':
      return {
        path: '/vendor/v1/debit',
        body: {
          ...base,
          gameCode: 'slot-1',
          token: who.token,
          currency: 'THB',
          amountMinor: String(step.amount),
        },
      };
    case 'credit':
      return {
        path: '/vendor/v1/credit',
        body: {
          ...base,
          currency: 'THB',
          amountMinor: String(step.amount),
          roundClosed: step.closed,
        },
      };
    case 'rollback':
      return {
        path: '/vendor/v1/rollback',
        body: { ...base, referenceTransactionId: idOf(run, 't', step.ref) },
      };
  }
};

const send = async (run: Run, step: Op): Promise<void> => {
  const earlier =
    run.sent.length > 0 && 'pick' in step ? run.sent[step.pick % run.sent.length] : undefined;
  if ('pick' in step && !earlier) return;
  const request =
    step.kind === 'replay' && earlier
      ? { path: earlier.path, body: earlier.body }
      : step.kind === 'resend' && earlier
        ? { path: earlier.path, body: { ...earlier.body, idempotencyKey: freshId('key') } }
        : requestOf(run, step as Exclude<Op, { kind: 'replay' | 'resend' }>);
  const response = await vendorPost(world, request.path, request.body);
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (step.kind === 'replay' && earlier) {
    expect(response.statusCode).toBe(earlier.status);
    expect(response.body).toBe(earlier.text);
  }
  if (response.statusCode === 200) {
    // A movement, once answered with a value, always gets that value.
    const movement = JSON.stringify([request.path, { ...request.body, idempotencyKey: null }]);
    const value = JSON.stringify(response.json<{ value: unknown }>().value);
    const first = run.firstValues.get(movement);
    if (first === undefined) run.firstValues.set(movement, value);
    else expect(value).toBe(first);
  }
  run.sent.push({ ...request, status: response.statusCode, text: response.body });
};

/** Every transaction id had at most one effect, the one its record names. */
const checkEffects = async (run: Run): Promise<void> => {
  const records = await world.db.query<{
    transaction_id: string;
    kind: string;
    state: string;
    amount_minor: string | null;
    ledger_transfer_id: string | null;
    member_id: string | null;
  }>(
    `SELECT transaction_id, kind, state, amount_minor::text, ledger_transfer_id::text,
       member_id::text
     FROM vendor_transactions WHERE vendor_code = $1 AND transaction_id LIKE $2`,
    [TEST_VENDOR, `${run.prefix}-%`],
  );
  const transfers = await world.db.query<{ idempotency_key: string; id: string }>(
    `SELECT idempotency_key, id::text FROM ledger_transfers WHERE idempotency_key LIKE $1`,
    [`vendor:${TEST_VENDOR}:${run.prefix}-%`],
  );
  const byKey = new Map<string, string[]>();
  for (const transfer of transfers)
    byKey.set(transfer.idempotency_key, [
      ...(byKey.get(transfer.idempotency_key) ?? []),
      transfer.id,
    ]);
  for (const ids of byKey.values()) expect(ids).toHaveLength(1);
  const expected = new Map<string, bigint>(run.players.map((p) => [p.playerId, START_MINOR]));
  for (const record of records) {
    const posted = byKey.get(`vendor:${TEST_VENDOR}:${record.transaction_id}`)?.[0] ?? null;
    expect(posted).toBe(record.ledger_transfer_id);
    if (record.state === 'void') {
      expect(posted).toBeNull();
      continue;
    }
    const amount = BigInt(record.amount_minor ?? '0');
    const member = record.member_id ?? '';
    const sign = record.kind === 'debit' ? -1n : 1n;
    expect(posted === null).toBe(amount === 0n);
    expected.set(member, (expected.get(member) ?? 0n) + sign * amount);
  }
  // Every vendor transfer of the run has its record.
  expect(byKey.size).toBe(records.filter((record) => record.ledger_transfer_id !== null).length);
  for (const p of run.players)
    expect(await balanceOf(world.db, p.mainAccountId)).toBe(expected.get(p.playerId));
};

it('keeps one effect per transaction id and the ledger balanced over random vendor calls', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
      const run: Run = {
        players: await Promise.all(
          Array.from({ length: PLAYERS }, () => newPlayer(world, { balanceMinor: START_MINOR })),
        ),
        prefix: freshId('p'),
        sent: [],
        firstValues: new Map(),
      };
      for (const step of ops) {
        await send(run, step);
        await checkEffects(run);
        expect((await checkLedgerInvariants(world.db)).violations).toEqual([]);
      }
    }),
    { numRuns: 12 },
  );
});
