// Model-based property test of the ledger (reliability checklist A1, A4): random sequences of
// deposits, withdrawals, member-to-member transfers, batches of them, replays of earlier keys
// and earlier keys with another amount, run against a plain in-memory model. After every
// command the real ledger must agree with the model (each member's cached balance, the
// house's, which requests were refused and why) and its invariants must hold: entries sum to
// zero, cached balances equal their entries, no member below zero. Runs are few and short so
// the suite stays fast on both engines; a failure prints the shrunk command sequence.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { openTestDb, type TestDb } from '../../testing/index.ts';
import { checkLedgerInvariants } from './invariants.service.ts';
import {
  cachedBalance,
  freshKey,
  moveRequest,
  newMemberWallet,
} from '../../testing/factories/ledger.ts';
import { merchantIdOf } from '../../testing/factories/merchants.ts';
import { getOrCreateHouseAccount, postTransfers } from './ledger.service.ts';
import type { LedgerAccount, TransferOutcome, TransferRequest } from './ledger.types.ts';
import { requestHashOf } from './posting.ts';

const MEMBERS = 3;

type Real = { db: Db; merchantId: number; house: LedgerAccount; members: LedgerAccount[] };

/** What the ledger should hold: balances, and the first accepted request of every key. */
type Model = {
  members: bigint[];
  house: bigint;
  accepted: Map<string, { hash: string; transferId: number | null }>;
  history: TransferRequest[];
};

/** A move between two parties of the run: a member index, or the house. */
type Move = {
  kind: 'deposit' | 'withdrawal' | 'member_transfer';
  from: number | 'house';
  to: number | 'house';
  amountMinor: bigint;
};

const accountOf = (real: Real, party: number | 'house'): LedgerAccount =>
  party === 'house' ? real.house : (real.members[party] ?? real.house);

const requestOf = (real: Real, move: Move): TransferRequest =>
  moveRequest(
    real.merchantId,
    move.kind,
    accountOf(real, move.from),
    accountOf(real, move.to),
    move.amountMinor,
    freshKey('prop'),
  );

const balanceOf = (model: Model, party: number | 'house'): bigint =>
  party === 'house' ? model.house : (model.members[party] ?? 0n);

const add = (model: Model, party: number | 'house', amountMinor: bigint) => {
  if (party === 'house') model.house += amountMinor;
  else model.members[party] = (model.members[party] ?? 0n) + amountMinor;
};

/** The outcome the model expects for a request, applying it to the model when accepted. */
const expectAndApply = (model: Model, real: Real, request: TransferRequest): string => {
  const prior = model.accepted.get(request.idempotencyKey);
  const hash = requestHashOf(request);
  if (prior) return prior.hash === hash ? 'replayed' : 'IDEMPOTENCY_KEY_REUSED';
  const parties = request.entries.map((entry) =>
    entry.accountId === real.house.id
      ? ('house' as const)
      : real.members.findIndex((member) => member.id === entry.accountId),
  );
  const overdrawn = request.entries.some((entry, index) => {
    const party = parties[index] ?? 'house';
    return party !== 'house' && balanceOf(model, party) + entry.amountMinor < 0n;
  });
  if (overdrawn) return 'INSUFFICIENT_BALANCE';
  request.entries.forEach((entry, index) =>
    add(model, parties[index] ?? 'house', entry.amountMinor),
  );
  model.accepted.set(request.idempotencyKey, { hash, transferId: null });
  return 'posted';
};

const describeOutcome = (outcome: TransferOutcome): string =>
  outcome.ok ? (outcome.transfer.replayed ? 'replayed' : 'posted') : outcome.error.code;

/** Posts a batch, compares each outcome with the model's, then the balances and invariants. */
const runBatch = async (model: Model, real: Real, requests: TransferRequest[]): Promise<void> => {
  const expected = requests.map((request) => expectAndApply(model, real, request));
  const outcomes = await postTransfers(real.db, requests);
  expect(outcomes.map(describeOutcome)).toEqual(expected);
  outcomes.forEach((outcome, index) => {
    const request = requests[index];
    if (!outcome.ok || !request) return;
    const prior = model.accepted.get(request.idempotencyKey);
    if (prior && prior.transferId === null) prior.transferId = outcome.transfer.transferId;
    // A replay answers the very transfer the key first posted.
    expect(outcome.transfer.transferId).toBe(prior?.transferId);
  });
  model.history.push(...requests);
  for (const [index, member] of real.members.entries())
    expect(await cachedBalance(real.db, member.id)).toBe(model.members[index]);
  expect(await cachedBalance(real.db, real.house.id)).toBe(model.house);
  expect((await checkLedgerInvariants(real.db)).violations).toEqual([]);
};

const moveCommand = (move: Move): fc.AsyncCommand<Model, Real> => ({
  check: () => true,
  run: (model, real) => runBatch(model, real, [requestOf(real, move)]),
  toString: () => `${move.kind}(${String(move.from)}->${String(move.to)}, ${move.amountMinor})`,
});

const batchCommand = (moves: Move[]): fc.AsyncCommand<Model, Real> => ({
  check: () => true,
  run: (model, real) =>
    runBatch(
      model,
      real,
      moves.map((move) => requestOf(real, move)),
    ),
  toString: () => `batch(${moves.map((move) => moveCommand(move).toString()).join(', ')})`,
});

/** An earlier request again: as it was, or under its key with another amount. */
const replayCommand = (pick: number, extraMinor: bigint): fc.AsyncCommand<Model, Real> => ({
  check: (model) => model.history.length > 0,
  run: (model, real) => {
    const earlier = model.history[pick % model.history.length];
    if (!earlier) throw new Error('no earlier request');
    const [debit, credit] = earlier.entries;
    const entries =
      extraMinor === 0n || !debit || !credit
        ? earlier.entries
        : [
            { ...debit, amountMinor: debit.amountMinor - extraMinor },
            { ...credit, amountMinor: credit.amountMinor + extraMinor },
          ];
    return runBatch(model, real, [{ ...earlier, entries }]);
  },
  toString: () => `replay(#${pick}${extraMinor === 0n ? '' : `, +${extraMinor}`})`,
});

const amount = fc.bigInt({ min: 1n, max: 1_000n });
const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const move: fc.Arbitrary<Move> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    from: fc.constant('house' as const),
    to: member,
    amountMinor: amount,
  }),
  fc.record({
    kind: fc.constant('withdrawal' as const),
    from: member,
    to: fc.constant('house' as const),
    amountMinor: amount,
  }),
  fc
    .tuple(member, fc.integer({ min: 1, max: MEMBERS - 1 }), amount)
    .map(([from, offset, amountMinor]) => ({
      kind: 'member_transfer' as const,
      from,
      to: (from + offset) % MEMBERS,
      amountMinor,
    })),
);

const commands = [
  move.map(moveCommand),
  fc.array(move, { minLength: 2, maxLength: 5 }).map(batchCommand),
  fc
    .tuple(fc.nat(), fc.constantFrom(0n, 0n, 1n, 7n))
    .map(([pick, extra]) => replayCommand(pick, extra)),
];

let testDb: TestDb;
let merchantId: number;

beforeAll(async () => {
  testDb = await openTestDb();
  merchantId = await merchantIdOf(testDb.db, 'lanna');
});

afterAll(async () => {
  await testDb.close();
});

it('agrees with the model and keeps its invariants over random operation sequences', async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (sequence) => {
      // Each run has members of its own; the house account is shared, so its start is read.
      const house = await getOrCreateHouseAccount(testDb.db, merchantId, { kind: 'promotion' });
      const members = await Promise.all(
        Array.from({ length: MEMBERS }, () => newMemberWallet(testDb.db, merchantId)),
      );
      const setup = () => ({
        model: {
          members: members.map(() => 0n),
          house: house.balanceMinor,
          accepted: new Map(),
          history: [],
        } satisfies Model,
        real: { db: testDb.db, merchantId, house, members } satisfies Real,
      });
      await fc.asyncModelRun(setup, sequence);
    }),
    { numRuns: 20 },
  );
});
