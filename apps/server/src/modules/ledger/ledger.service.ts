import type { Db, SqlParam } from '../../db/client.ts';
import { retrying, retryTransaction, sqlStateOf } from '../../db/retry.ts';
import { AppError } from '../../shared/app-error.ts';
import { cachePerDatabase } from '../../shared/cache.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import * as repository from './ledger.repository.ts';
import {
  transferKey,
  type AccountKey,
  type AccountOwner,
  type BatchRefusal,
  type StoredTransfer,
} from './ledger.repository.ts';
import type {
  HouseAccount,
  LedgerAccount,
  LedgerEvents,
  MemberWallet,
  PostedTransfer,
  TransferOutcome,
  TransferRequest,
} from './ledger.types.ts';
import { forgetMemberAccountsAfterCommit } from './member-accounts-cache.ts';
import { invalidTransfer, requestHashOf, shapeErrorOf } from './posting.ts';

export type PostOptions = {
  /** Where member balance changes go once the transaction commits; nowhere by default. */
  events?: EventSink<LedgerEvents>;
  /** The time written on the transfers: the app's clock, so tests can stand at any instant. */
  now?: Date;
};

// One statement carries a batch's arrays; beyond this a caller should split the batch.
const MAX_BATCH = 1_000;
const KEY_CONSTRAINT = 'ledger_transfers_merchant_id_idempotency_key_key';

/** Another transaction posted one of the keys between our lookup and our insert. */
const isKeyRace = (error: unknown): boolean =>
  sqlStateOf(error) === '23505' &&
  (error as { constraint?: unknown }).constraint === KEY_CONSTRAINT;

const getOrCreateAccount = async (db: Db, key: AccountKey): Promise<LedgerAccount> => {
  const existing = await repository.findAccount(db, key);
  if (existing) return existing;
  const created = await repository.insertAccount(db, key);
  if (created) {
    forgetMemberAccountsAfterCommit(db, [created]);
    return created;
  }
  // The insert found another transaction's row and waited for its commit: read it now.
  const raced = await repository.findAccount(db, key);
  if (!raced) throw new Error(`ledger account ${JSON.stringify(key)} neither found nor created`);
  return raced;
};

/** A member's wallet account, created on first use; safe when two callers race to create it. */
export const getOrCreateMemberAccount = (
  db: Db,
  merchantId: number,
  memberId: number,
  wallet: MemberWallet,
): Promise<LedgerAccount> =>
  getOrCreateAccount(db, {
    merchantId,
    memberId,
    kind: wallet.kind,
    vendorCode: wallet.kind === 'vendor' ? wallet.vendorCode : null,
    shard: 0,
  });

// An account keeps its id for good (the ledger tables are append-only), so a movement that only
// needs to name its accounts takes the ids from memory, per database: they are kept once the
// transaction that found or opened them commits, so a rolled-back opening is never named.
// Balances and frozen flags are never taken from here: postTransfers reads them under lock.
// A name not kept answers null: its load never reads, as a read would run inside `db`, which
// may still roll back.
const accountIdsOf = cachePerDatabase<string, number | null>({ max: 200_000, staleMs: 'never' });

const accountIdOf = async (db: Db, key: AccountKey): Promise<number> => {
  const ids = accountIdsOf(db);
  const name = `${key.merchantId}:${key.memberId ?? ''}:${key.kind}:${key.vendorCode ?? ''}:${key.shard}`;
  const known = await ids.get(name, () => Promise.resolve(null));
  if (known !== null) return known;
  const { id } = await getOrCreateAccount(db, key);
  db.afterCommit(() => ids.set(name, id));
  return id;
};

/** The id of a member's wallet account, opened on first use (getOrCreateMemberAccount). */
export const memberAccountIdOf = (
  db: Db,
  merchantId: number,
  memberId: number,
  wallet: MemberWallet,
): Promise<number> =>
  accountIdOf(db, {
    merchantId,
    memberId,
    kind: wallet.kind,
    vendorCode: wallet.kind === 'vendor' ? wallet.vendorCode : null,
    shard: 0,
  });

/**
 * How many rows a hot house account (a vendor's game results, the jackpot pool) is split into,
 * so concurrent bets of different members lock different rows (decision 007, Hot house
 * accounts). A transfer touches at most 16 entries: a jackpot paid from every shard is 9.
 */
export const HOUSE_SHARDS = 8;

/** The shard of a hot house account that this member's movements use. */
export const houseShardOf = (memberId: number): number => memberId % HOUSE_SHARDS;

const houseKeyOf = (merchantId: number, account: HouseAccount) => ({
  merchantId,
  kind: account.kind,
  vendorCode: account.kind === 'game' ? account.vendorCode : null,
});

/** A house account of the merchant (one shard of it, 0 unless told), created on first use. */
export const getOrCreateHouseAccount = (
  db: Db,
  merchantId: number,
  account: HouseAccount,
  shard = 0,
): Promise<LedgerAccount> =>
  getOrCreateAccount(db, { ...houseKeyOf(merchantId, account), memberId: null, shard });

/** The id of one shard of a house account, opened on first use (getOrCreateHouseAccount). */
export const houseAccountIdOf = (
  db: Db,
  merchantId: number,
  account: HouseAccount,
  shard = 0,
): Promise<number> =>
  accountIdOf(db, { ...houseKeyOf(merchantId, account), memberId: null, shard });

/** A house account's balance as committed, over all its shards: a read that opens nothing. */
export const sumHouseAccount = async (
  db: Db,
  merchantId: number,
  account: HouseAccount,
): Promise<bigint> =>
  (await repository.findHouseShards(db, houseKeyOf(merchantId, account), false)).reduce(
    (sum, shard) => sum + shard.balanceMinor,
    0n,
  );

/**
 * Every shard of a house account under its row lock, held to the end of the transaction: for
 * a movement whose amount is the whole balance (a jackpot pays its pool), so nothing lands in
 * between.
 */
export const lockHouseShards = (
  db: Db,
  merchantId: number,
  account: HouseAccount,
): Promise<LedgerAccount[]> =>
  repository.findHouseShards(db, houseKeyOf(merchantId, account), true);

export const findMemberAccounts = repository.findMemberAccounts;

/** Freezes or unfreezes one account: frozen, it still receives but pays nothing. */
export const setAccountFrozen = async (db: Db, accountId: number, frozen: boolean) => {
  await repository.updateFrozen(db, accountId, frozen);
};

type Prepared = {
  request: TransferRequest;
  key: string;
  hash: string;
  shapeError: AppError | null;
};

const prepare = (request: TransferRequest): Prepared => ({
  request,
  key: transferKey(request.merchantId, request.idempotencyKey),
  hash: requestHashOf(request),
  shapeError: shapeErrorOf(request),
});

/**
 * The well-formed requests' indexes cut into runs, in order, with no key twice in one run: a
 * run ends where a key of it comes again. Each run is one `ledger_post` call, so every request
 * is decided in the order given, and a copy posted in the same batch answers as a replay of
 * the first (its stored result, or a refusal when its body differs).
 */
const runsOf = (prepared: readonly Prepared[]): number[][] => {
  const runs: number[][] = [];
  let run: number[] = [];
  let keys = new Set<string>();
  prepared.forEach((item, index) => {
    if (item.shapeError) return;
    if (keys.has(item.key)) {
      runs.push(run);
      run = [];
      keys = new Set();
    }
    keys.add(item.key);
    run.push(index);
  });
  if (run.length > 0) runs.push(run);
  return runs;
};

const refusalError = (code: BatchRefusal): AppError => {
  if (code === 'NO_SUCH_ACCOUNT')
    return invalidTransfer('entries.accountId', 'no such account at this merchant');
  if (code === 'BALANCE_OUT_OF_RANGE')
    return invalidTransfer('entries.amountMinor', 'balance out of range');
  return new AppError(code);
};

const storedOutcome = (stored: StoredTransfer): TransferOutcome => ({
  ok: true,
  transfer: {
    transferId: stored.transferId,
    merchantId: stored.merchantId,
    type: stored.type,
    reference: stored.reference,
    idempotencyKey: stored.idempotencyKey,
    postedAt: stored.postedAt,
    entries: stored.entries,
    replayed: true,
  },
});

const postedOf = (
  request: TransferRequest,
  transferId: number,
  balancesAfter: readonly bigint[],
  postedAt: Date,
): PostedTransfer => ({
  transferId,
  merchantId: request.merchantId,
  type: request.type,
  reference: request.reference ?? null,
  idempotencyKey: request.idempotencyKey,
  postedAt,
  entries: request.entries.map((entry, index) => {
    const balanceAfterMinor = balancesAfter[index];
    if (balanceAfterMinor === undefined) throw new Error('posted entry without its balance');
    return { ...entry, balanceAfterMinor };
  }),
  replayed: false,
});

const publish = (
  events: EventSink<LedgerEvents>,
  posted: readonly PostedTransfer[],
  owners: ReadonlyMap<number, AccountOwner>,
): void => {
  const committedAt = new Date();
  for (const transfer of posted) {
    for (const entry of transfer.entries) {
      const account = owners.get(entry.accountId);
      if (account?.memberId == null) continue;
      const wallet: MemberWallet =
        account.kind === 'vendor'
          ? { kind: 'vendor', vendorCode: account.vendorCode ?? '' }
          : { kind: account.kind as Exclude<MemberWallet['kind'], 'vendor'> };
      events.emit('balanceChanged', {
        merchantId: account.merchantId,
        memberId: account.memberId,
        accountId: account.id,
        wallet,
        balanceMinor: entry.balanceAfterMinor,
        transferId: transfer.transferId,
        transferType: transfer.type,
        committedAt,
      });
    }
  }
};

const batchTransferOf = ({ request, hash }: Prepared): repository.BatchTransfer => ({
  merchantId: request.merchantId,
  type: request.type,
  reference: request.reference ?? null,
  idempotencyKey: request.idempotencyKey,
  requestHash: hash,
  entries: request.entries,
});

/** What a batch posted, and whose member accounts it touched, for the events after commit. */
type Posting = { posted: PostedTransfer[]; owners: Map<number, AccountOwner> };

/**
 * Records how `ledger_post` answered one call: `run` maps the call's places to the batch's
 * indexes, and each outcome lands at its index in `outcomes`.
 */
const settleRun = (
  rows: readonly repository.BatchRow[],
  call: { prepared: readonly Prepared[]; run: readonly number[]; postedAt: Date },
  outcomes: (TransferOutcome | undefined)[],
  posting: Posting,
): void => {
  const { prepared, run, postedAt } = call;
  for (const row of rows) {
    if (row.kind === 'account') {
      posting.owners.set(row.account.id, row.account);
      continue;
    }
    const index = run[row.ord];
    const request = index === undefined ? undefined : prepared[index]?.request;
    if (index === undefined || !request) throw new Error(`ledger_post answered row ${row.ord}`);
    if (row.kind === 'refused') {
      outcomes[index] = { ok: false, error: refusalError(row.code) };
    } else if (row.kind === 'stored') {
      outcomes[index] = storedOutcome(row.transfer);
    } else {
      const transfer = postedOf(request, row.transferId, row.balancesAfter, postedAt);
      posting.posted.push(transfer);
      outcomes[index] = { ok: true, transfer };
    }
  }
};

/** Drops the touched accounts from the caches and publishes the balances, once `db` commits. */
const afterPosting = (db: Db, posting: Posting, events: EventSink<LedgerEvents> | undefined) => {
  if (posting.posted.length === 0) return;
  forgetMemberAccountsAfterCommit(db, posting.owners.values());
  if (events) db.afterCommit(() => publish(events, posting.posted, posting.owners));
};

const everyOutcome = (outcomes: readonly (TransferOutcome | undefined)[]): TransferOutcome[] =>
  outcomes.map((outcome) => {
    if (!outcome) throw new Error('ledger_post left a transfer unanswered');
    return outcome;
  });

/** Writes every run, one `ledger_post` statement each, and answers each request in order. */
const postRuns = async (
  db: Db,
  prepared: readonly Prepared[],
  runs: readonly (readonly number[])[],
  options: PostOptions,
): Promise<TransferOutcome[]> => {
  const postedAt = options.now ?? new Date();
  const outcomes: (TransferOutcome | undefined)[] = prepared.map((item) =>
    item.shapeError ? { ok: false, error: item.shapeError } : undefined,
  );
  const posting: Posting = { posted: [], owners: new Map() };
  for (const run of runs) {
    const rows = await repository.postBatch(
      db,
      run.map((index) => batchTransferOf(prepared[index] as Prepared)),
      postedAt,
    );
    settleRun(rows, { prepared, run, postedAt }, outcomes, posting);
  }
  afterPosting(db, posting, options.events);
  return everyOutcome(outcomes);
};

/**
 * Transfers for another module's database function to post with `ledger_post` beside its own
 * writes, all in one statement (a vendor debit batch writes its rounds and answers with the
 * bets): the function passes `args` to `ledger_post` as they are and returns its rows, which
 * `settle` turns into each transfer's outcome. The ledger stays the only writer of its tables.
 */
export type LedgerPosting = {
  /** `ledger_post`'s eleven arguments, in order. */
  args: SqlParam[];
  /**
   * Each transfer's outcome, in the order given, from the rows `ledger_post` answered; member
   * caches and balance events follow once `db` commits (at once outside a transaction).
   */
  settle: (db: Db, rows: readonly repository.LedgerPostRow[]) => TransferOutcome[];
};

/**
 * Prepares well-formed transfers with no idempotency key twice for `ledger_post` inside
 * another statement (see LedgerPosting). A malformed transfer or a key given twice is the
 * caller's bug, so it throws rather than answering.
 */
export const prepareLedgerPosting = (
  requests: readonly TransferRequest[],
  options: PostOptions = {},
): LedgerPosting => {
  if (requests.length > MAX_BATCH) throw new Error(`a batch holds at most ${MAX_BATCH} transfers`);
  const prepared = requests.map(prepare);
  const malformed = prepared.find((item) => item.shapeError);
  if (malformed?.shapeError) throw malformed.shapeError;
  const runs = runsOf(prepared);
  if (runs.length > 1) throw new Error('a ledger posting names one idempotency key twice');
  const postedAt = options.now ?? new Date();
  const run = prepared.map((_item, index) => index);
  return {
    args: repository.postBatchArgs(prepared.map(batchTransferOf), postedAt),
    settle: (db, rows) => {
      const outcomes: (TransferOutcome | undefined)[] = prepared.map(() => undefined);
      const posting: Posting = { posted: [], owners: new Map() };
      settleRun(repository.batchRowsOf(rows), { prepared, run, postedAt }, outcomes, posting);
      afterPosting(db, posting, options.events);
      return everyOutcome(outcomes);
    },
  };
};

/**
 * Posts transfers, each accepted or refused on its own: a refusal (insufficient balance, frozen
 * account, a reused key, a malformed transfer) leaves the others standing. The database decides
 * and writes them in one statement (`ledger_post`): accounts row-locked in id order, so
 * concurrent posters never deadlock on them; a replayed key returns the stored result and
 * changes nothing. Called with a database, a batch with no key twice is that one statement,
 * its own transaction, run again a bounded number of times on a serialization failure, a
 * deadlock or a key race; called inside a caller's transaction it joins it, and balance events
 * wait for the caller's commit. This is the batching primitive: a queue that gathers concurrent
 * posts calls it once for all of them.
 */
export const postTransfers = async (
  db: Db,
  requests: readonly TransferRequest[],
  options: PostOptions = {},
): Promise<TransferOutcome[]> => {
  if (requests.length > MAX_BATCH) throw new Error(`a batch holds at most ${MAX_BATCH} transfers`);
  if (requests.length === 0) return [];
  const prepared = requests.map(prepare);
  const runs = runsOf(prepared);
  const post = (target: Db) => postRuns(target, prepared, runs, options);
  const retry = { alsoRetry: isKeyRace };
  return runs.length <= 1 && !db.inTransaction
    ? retrying(() => post(db), retry)
    : retryTransaction(db, post, retry);
};

/** Posts one transfer; a refusal is thrown as its AppError. */
export const postTransfer = async (
  db: Db,
  request: TransferRequest,
  options: PostOptions = {},
): Promise<PostedTransfer> => {
  const [outcome] = await postTransfers(db, [request], options);
  if (!outcome) throw new Error('postTransfers answered no outcome');
  if (!outcome.ok) throw outcome.error;
  return outcome.transfer;
};
