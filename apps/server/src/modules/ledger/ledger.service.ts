import type { Db } from '../../db/client.ts';
import { retryTransaction, sqlStateOf } from '../../db/retry.ts';
import { AppError } from '../../shared/app-error.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import * as repository from './ledger.repository.ts';
import { transferKey, type AccountKey, type StoredTransfer } from './ledger.repository.ts';
import type {
  HouseAccount,
  LedgerAccount,
  LedgerEvents,
  MemberWallet,
  PostedEntry,
  PostedTransfer,
  TransferOutcome,
  TransferRequest,
} from './ledger.types.ts';
import { forgetMemberAccountsAfterCommit } from './member-accounts-cache.ts';
import { applyTransfer, requestHashOf, shapeErrorOf } from './posting.ts';

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
// needs to name its accounts takes the ids from memory, per database: they are remembered once
// the transaction that found or opened them commits, so a rolled-back opening is never named.
// Balances and frozen flags are never taken from here: postTransfers reads them under lock.
const MAX_REMEMBERED_IDS = 200_000;
const accountIdsByScope = new WeakMap<object, Map<string, number>>();

const accountIdOf = async (db: Db, key: AccountKey): Promise<number> => {
  let ids = accountIdsByScope.get(db.scope);
  if (!ids) {
    ids = new Map();
    accountIdsByScope.set(db.scope, ids);
  }
  const name = `${key.merchantId}:${key.memberId ?? ''}:${key.kind}:${key.vendorCode ?? ''}:${key.shard}`;
  const known = ids.get(name);
  if (known !== undefined) return known;
  const { id } = await getOrCreateAccount(db, key);
  const remembered = ids;
  db.afterCommit(() => {
    if (remembered.size >= MAX_REMEMBERED_IDS) remembered.clear();
    remembered.set(name, id);
  });
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

/** How the batch answers one request, before the accepted ones have their ids. */
type Decision =
  | { kind: 'refused'; error: AppError }
  | { kind: 'stored'; transfer: StoredTransfer }
  | { kind: 'accepted'; pending: number; replayed: boolean };

type Pending = { prepared: Prepared; entries: PostedEntry[] };

const prepare = (request: TransferRequest): Prepared => ({
  request,
  key: transferKey(request.merchantId, request.idempotencyKey),
  hash: requestHashOf(request),
  shapeError: shapeErrorOf(request),
});

const keyReused = () => new AppError('IDEMPOTENCY_KEY_REUSED');

/**
 * Decides every request in order against the stored keys and the locked balances. A key seen
 * earlier in the batch answers like a stored one: the first request's result, or a refusal.
 */
const decideAll = (
  prepared: readonly Prepared[],
  stored: ReadonlyMap<string, StoredTransfer>,
  accounts: Map<number, LedgerAccount>,
): { decisions: Decision[]; pending: Pending[] } => {
  const pending: Pending[] = [];
  const acceptedByKey = new Map<string, number>();
  const decisions = prepared.map((item): Decision => {
    if (item.shapeError) return { kind: 'refused', error: item.shapeError };
    const prior = stored.get(item.key);
    if (prior)
      return prior.requestHash === item.hash
        ? { kind: 'stored', transfer: prior }
        : { kind: 'refused', error: keyReused() };
    const earlier = acceptedByKey.get(item.key);
    if (earlier !== undefined)
      return pending[earlier]?.prepared.hash === item.hash
        ? { kind: 'accepted', pending: earlier, replayed: true }
        : { kind: 'refused', error: keyReused() };
    const applied = applyTransfer(accounts, item.request);
    if (!applied.ok) return { kind: 'refused', error: applied.error };
    acceptedByKey.set(item.key, pending.length);
    pending.push({ prepared: item, entries: applied.entries });
    return { kind: 'accepted', pending: pending.length - 1, replayed: false };
  });
  return { decisions, pending };
};

const finalBalances = (
  pending: readonly Pending[],
  accounts: ReadonlyMap<number, LedgerAccount>,
): Map<number, bigint> => {
  const balances = new Map<number, bigint>();
  for (const { entries } of pending)
    for (const entry of entries)
      balances.set(entry.accountId, accounts.get(entry.accountId)?.balanceMinor ?? 0n);
  return balances;
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

const postedOf = (item: Pending, transferId: number, postedAt: Date): PostedTransfer => ({
  transferId,
  merchantId: item.prepared.request.merchantId,
  type: item.prepared.request.type,
  reference: item.prepared.request.reference ?? null,
  idempotencyKey: item.prepared.request.idempotencyKey,
  postedAt,
  entries: item.entries,
  replayed: false,
});

const publish = (
  events: EventSink<LedgerEvents>,
  posted: readonly PostedTransfer[],
  accounts: ReadonlyMap<number, LedgerAccount>,
): void => {
  const committedAt = new Date();
  for (const transfer of posted) {
    for (const entry of transfer.entries) {
      const account = accounts.get(entry.accountId);
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

const postPrepared = async (
  tx: Db,
  prepared: readonly Prepared[],
  options: PostOptions,
): Promise<TransferOutcome[]> => {
  const postedAt = options.now ?? new Date();
  const valid = prepared.filter((item) => !item.shapeError);
  // The stored keys and the locked accounts in one round trip, so the accounts of every valid
  // request are locked, a replay's too (a replay then moves nothing; it only waits its turn).
  const { stored: storedList, accounts } =
    valid.length > 0
      ? await repository.findTransfersAndLockAccounts(
          tx,
          [...new Map(valid.map((item) => [item.key, item.request])).values()],
          [...new Set(valid.flatMap((item) => item.request.entries.map((e) => e.accountId)))],
        )
      : { stored: [], accounts: new Map<number, LedgerAccount>() };
  const stored = new Map(storedList.map((t) => [transferKey(t.merchantId, t.idempotencyKey), t]));
  const { decisions, pending } = decideAll(prepared, stored, accounts);
  const ids =
    pending.length > 0
      ? await repository.insertTransfers(
          tx,
          pending.map(({ prepared: item, entries }) => ({
            merchantId: item.request.merchantId,
            type: item.request.type,
            reference: item.request.reference ?? null,
            idempotencyKey: item.request.idempotencyKey,
            requestHash: item.hash,
            entries,
          })),
          finalBalances(pending, accounts),
          postedAt,
        )
      : new Map<string, number>();
  const posted = pending.map((item) => {
    const id = ids.get(item.prepared.key);
    if (id === undefined) throw new Error(`transfer ${item.prepared.key} was not written`);
    return postedOf(item, id, postedAt);
  });
  const { events } = options;
  if (posted.length > 0) {
    forgetMemberAccountsAfterCommit(tx, accounts.values());
    if (events) tx.afterCommit(() => publish(events, posted, accounts));
  }
  return decisions.map((decision): TransferOutcome => {
    if (decision.kind === 'refused') return { ok: false, error: decision.error };
    if (decision.kind === 'stored') return storedOutcome(decision.transfer);
    const transfer = posted[decision.pending];
    if (!transfer) throw new Error('accepted transfer without its posted row');
    return { ok: true, transfer: { ...transfer, replayed: decision.replayed } };
  });
};

/**
 * Posts transfers in one database transaction, each accepted or refused on its own: a refusal
 * (insufficient balance, frozen account, a reused key, a malformed transfer) leaves the others
 * standing. Accounts are row-locked in id order, so concurrent posters never deadlock on them;
 * a replayed key returns the stored result and changes nothing. Called with a database it
 * owns the transaction and retries it a bounded number of times on a serialization failure,
 * a deadlock or a key race; called inside a caller's transaction it joins it, and balance
 * events wait for the caller's commit. This is the batching primitive: a queue that gathers
 * concurrent posts for a few milliseconds calls it once for all of them.
 */
export const postTransfers = async (
  db: Db,
  requests: readonly TransferRequest[],
  options: PostOptions = {},
): Promise<TransferOutcome[]> => {
  if (requests.length > MAX_BATCH) throw new Error(`a batch holds at most ${MAX_BATCH} transfers`);
  if (requests.length === 0) return [];
  const prepared = requests.map(prepare);
  return retryTransaction(db, (tx) => postPrepared(tx, prepared, options), {
    alsoRetry: isKeyRace,
  });
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
