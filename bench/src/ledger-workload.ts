import {
  checkLedgerInvariants,
  createTransferBatcher,
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  postTransfers,
  type Db,
  type TransferRequest,
} from '@lanna/server/testing';

/**
 * The ledger bench: closed-loop callers, each posting one transfer at a time through the
 * ledger's batcher, between a member chosen with a Zipf-like skew and one hot house account
 * (a vendor's game account, as bets and wins are). Each transfer is accepted or refused on its
 * own: a few bets ask for far more than any balance and are refused. Its peer posts the same
 * sequence of transfers (members, amounts, refusals) one `postTransfer` each, every one its
 * own database transaction, as most platforms post money.
 */

export type LoopResult = {
  /** Accepted transfers per second; refusals are counted apart. */
  transfersPerSecond: number;
  accepted: number;
  refused: number;
  p50Ms: number;
  p99Ms: number;
};

export type LedgerLoadResult = LoopResult & {
  batches: number;
  meanBatch: number;
  /** The same callers and transfers, each `postTransfer` its own transaction, no batcher. */
  oneEach: LoopResult;
  /**
   * One caller posting whole batches of as many transfers as there are callers, back to back,
   * after the load: the chain the callers make too, as each waits for its answer before it
   * sends again, so a batch holds them all and the next cannot start before it has answered.
   */
  backToBackPerSecond: number;
  invariantsOk: boolean;
};

const OPENING_MINOR = 1_000_000n;
const FUNDING_BATCH = 500;
const HOT_VENDOR = 'BENCH';
// Bets refused for want of money, so the batch really decides each transfer on its own.
const OVERSIZED_SHARE = 0.02;

/** A seeded generator in [0, 1) (mulberry32): both loads draw the same transfers in order. */
const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};
const TRANSFER_SEED = 20;

/** Inverse-CDF sampling of ranks 0..n-1 with weight 1/(rank+1)^s: rank 0 is the hottest. */
const zipfSampler = (n: number, random: () => number, s = 1): (() => number) => {
  const cdf = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank += 1) {
    total += 1 / (rank + 1) ** s;
    cdf[rank] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cdf[middle] ?? total) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
};

export type LedgerFixture = { merchantId: number; houseId: number; memberAccountIds: number[] };

/**
 * `members` new members of the first merchant, each with a main wallet funded by a deposit:
 * members are written directly (the bench's own rows), every account and movement goes
 * through the ledger's API.
 */
export const prepareLedgerFixture = async (db: Db, members: number): Promise<LedgerFixture> => {
  const { id: merchantId } = await db.one<{ id: number }>(
    'SELECT id FROM merchants ORDER BY id LIMIT 1',
  );
  const rows = await db.query<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type)
     SELECT $1, 'bench_' || n, '!', 0 FROM generate_series(1, $2::int) AS n RETURNING id`,
    [merchantId, members],
  );
  const memberAccountIds: number[] = [];
  for (let start = 0; start < rows.length; start += 16) {
    const accounts = await Promise.all(
      rows
        .slice(start, start + 16)
        .map((row) => getOrCreateMemberAccount(db, merchantId, Number(row.id), { kind: 'main' })),
    );
    memberAccountIds.push(...accounts.map((account) => account.id));
  }
  const cashIn = await getOrCreateHouseAccount(db, merchantId, { kind: 'cash_in' });
  const house = await getOrCreateHouseAccount(db, merchantId, {
    kind: 'game',
    vendorCode: HOT_VENDOR,
  });
  for (let start = 0; start < memberAccountIds.length; start += FUNDING_BATCH) {
    await postTransfers(
      db,
      memberAccountIds.slice(start, start + FUNDING_BATCH).map((accountId): TransferRequest => ({
        merchantId,
        type: 'deposit',
        idempotencyKey: `bench:fund:${accountId}`,
        entries: moveEntries(cashIn.id, accountId, OPENING_MINOR),
      })),
    );
  }
  return { merchantId, houseId: house.id, memberAccountIds };
};

const percentile = (sorted: Float64Array, share: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);

/**
 * Each call a new transfer: a bet or a win of a member picked with the skew, under a fresh key.
 * The members and amounts follow one seeded sequence, the same for every load.
 */
const requestMaker = (fixture: LedgerFixture, runId: string): (() => TransferRequest) => {
  const random = seededRandom(TRANSFER_SEED);
  const pick = zipfSampler(fixture.memberAccountIds.length, random);
  let sequence = 0;
  return () => {
    sequence += 1;
    const member = fixture.memberAccountIds[pick()] ?? 0;
    const bet = random() < 0.5;
    const amount =
      bet && random() < OVERSIZED_SHARE * 2
        ? 10n ** 14n
        : BigInt(100 + Math.floor(random() * 4_900));
    return {
      merchantId: fixture.merchantId,
      type: bet ? 'bet' : 'win',
      idempotencyKey: `bench:${runId}:${sequence}`,
      reference: `round-${sequence}`,
      entries: bet
        ? moveEntries(member, fixture.houseId, amount)
        : moveEntries(fixture.houseId, member, amount),
    };
  };
};

const BACK_TO_BACK_BATCHES = 300;

/**
 * Accepted transfers a second (as the load counts them) of whole batches of `size` posted one
 * after another by a single caller.
 */
const backToBackRate = async (
  db: Db,
  fixture: LedgerFixture,
  size: number,
  runId: string,
): Promise<number> => {
  const nextRequest = requestMaker(fixture, `${runId}:back-to-back`);
  let accepted = 0;
  const started = performance.now();
  for (let batch = 0; batch < BACK_TO_BACK_BATCHES; batch += 1) {
    const outcomes = await postTransfers(db, Array.from({ length: size }, nextRequest));
    accepted += outcomes.filter((outcome) => outcome.ok).length;
  }
  return (accepted * 1000) / (performance.now() - started);
};

type LoadOptions = { callers: number; seconds: number; warmupSeconds: number };

/**
 * `callers` closed loops posting through `post` for `warmupSeconds` (not counted) and then
 * `seconds`; `counting` tells whether the measured window has begun.
 */
const closedLoops = async (
  post: (request: TransferRequest) => Promise<unknown>,
  nextRequest: () => TransferRequest,
  options: LoadOptions,
  counting: (on: boolean) => void = () => undefined,
): Promise<LoopResult> => {
  let accepted = 0;
  let refused = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const countFrom = started + options.warmupSeconds * 1000;
  const stopAt = countFrom + options.seconds * 1000;
  // Counted: transfers answered inside the measured window.
  const caller = async () => {
    for (let sent = performance.now(); sent < stopAt; sent = performance.now()) {
      counting(sent >= countFrom);
      let ok = true;
      try {
        await post(nextRequest());
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'INSUFFICIENT_BALANCE') throw error;
        ok = false;
      }
      const answered = performance.now();
      if (answered < countFrom || answered > stopAt) continue;
      latencies.push(answered - sent);
      if (ok) accepted += 1;
      else refused += 1;
    }
  };
  await Promise.all(Array.from({ length: options.callers }, caller));
  const sorted = Float64Array.from(latencies).sort();
  return {
    transfersPerSecond: accepted / options.seconds,
    accepted,
    refused,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
  };
};

/**
 * The same transfers one database transaction each first, then through the batcher (so the
 * batcher, not its peer, meets the larger tables), then back-to-back batches.
 */
export const runLedgerLoad = async (
  db: Db,
  fixture: LedgerFixture,
  options: LoadOptions & { runId: string },
): Promise<LedgerLoadResult> => {
  const oneEach = await closedLoops(
    (request) => postTransfer(db, request),
    requestMaker(fixture, `${options.runId}:one-each`),
    options,
  );
  let batches = 0;
  let batched = 0;
  let counting = false;
  const batcher = createTransferBatcher(db, {
    onBatch: (size) => {
      if (!counting) return;
      batches += 1;
      batched += size;
    },
  });
  const loops = await closedLoops(
    (request) => batcher.post(request),
    requestMaker(fixture, `${options.runId}:batched`),
    options,
    (on) => (counting = on),
  );
  await batcher.close();
  const backToBackPerSecond = await backToBackRate(db, fixture, options.callers, options.runId);
  const invariants = await checkLedgerInvariants(db, { merchantId: fixture.merchantId });
  return {
    ...loops,
    batches,
    meanBatch: batches === 0 ? 0 : batched / batches,
    oneEach,
    backToBackPerSecond,
    invariantsOk: invariants.ok,
  };
};
