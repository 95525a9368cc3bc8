import { createHash } from 'node:crypto';
import {
  HOUSE_VENDOR_CODE,
  OK_CODE,
  OK_MESSAGE,
  type Currency,
  type Envelope,
  type VendorBalance,
  type VendorBalanceRequest,
  type VendorDebitRequest,
  type VendorTransactionResult,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { retrying, retryTransaction, sqlStateOf } from '../../db/retry.ts';
import type { StoredAnswer } from '../../plugins/endpoint.ts';
import { errorEnvelope } from '../../plugins/error-handler.ts';
import { AppError, isAppError } from '../../shared/app-error.ts';
import { cachePerDatabase } from '../../shared/cache.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import {
  createGroupCommit,
  type GroupCommit,
  type ItemOutcome,
  type Turn,
} from '../../shared/group-commit.ts';
import { findMembers, getMember, hashToken, type MemberRow } from '../auth/index.ts';
import {
  findMemberAccounts,
  houseAccountIdOf,
  houseShardOf,
  memberAccountIdOf,
  moveEntries,
  prepareLedgerPosting,
  type Entry,
  type HouseAccount,
  type LedgerEvents,
  type MemberWallet,
  type TransferOutcome,
  type TransferRequest,
  type TransferType,
} from '../ledger/index.ts';
import { readMerchantCurrency } from '../system/index.ts';
import { readBonusBetLimits } from '../promotions/index.ts';
import { isSingleWallet, readMoneyMovementRefusals } from '../wallet/index.ts';
import type { VendorCaller } from './vendor-credentials.service.ts';
import * as repository from './vendor-wallet.repository.ts';
import type {
  AnswerRow,
  AnswerWrite,
  BetWrite,
  DebitState,
  NewAnswer,
  NewTransaction,
  RoundRow,
  SessionRow,
  TransactionRow,
  VendorScope,
} from './vendor-wallet.repository.ts';

/**
 * The vendor wallet's money rules, read in one place: who may bet (the player token, the
 * currency, the member, maintenance and freezing), the round a bet lands in, the jackpot's
 * share, each call's answer once per idempotency key and each transaction id's movement once.
 * Bets are decided here in batches and written by one statement (vendor_debit_post) that
 * writes what was decided; the balance check stays under the ledger's row locks (ledger_post),
 * which reports the bets it refused. Wins and rollbacks: vendor-payouts.service.ts.
 */

/** One signed call: who made it, when, and where balance changes are published. */
export type VendorCall = {
  db: Db;
  caller: VendorCaller;
  now: Date;
  /** The HTTP request's id, kept in a refusal's envelope. */
  requestId: string;
  events: EventSink<LedgerEvents>;
  /** The share of each real-money house bet that feeds the jackpot pool, in basis points. */
  jackpotShareBps: number;
};

/** What a vendor money call answers: the HTTP status and the envelope, exactly as first sent. */
export type VendorAnswer = StoredAnswer;

// --- What every money call shares ------------------------------------------------------------

const TRIAL_TYPE = 4;
const BPS = 10_000n;

export const scopeOf = (caller: VendorCaller): VendorScope => ({
  merchantId: caller.merchantId,
  vendorCode: caller.vendorCode,
});

export const sha256Of = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value), 'utf8').digest('hex');

/** The ledger key of a vendor transaction: unique per merchant, as the ledger wants. */
export const ledgerKeyOf = (vendorCode: string, transactionId: string) =>
  `vendor:${vendorCode}:${transactionId}`;

export const currencyOf = (merchant: Currency, currency: string): string => {
  if (merchant.currency !== currency) throw new AppError('VENDOR_CURRENCY_MISMATCH');
  return merchant.currency;
};

export const requireCurrency = async (
  db: Db,
  merchantId: number,
  currency: string,
): Promise<string> => currencyOf(await readMerchantCurrency(db, merchantId), currency);

/** What a round's money movement needs to know of it; a round about to open has no id yet. */
export type RoundMoney = Pick<RoundRow, 'round_id' | 'member_id' | 'wallet' | 'play_money'>;

export const referenceOf = (vendorCode: string, round: RoundMoney) =>
  `round:${vendorCode}:${round.round_id}`;

/** The member wallet a round plays from, and the house account on the other side. */
export const memberWalletOf = (round: RoundMoney, vendorCode: string): MemberWallet =>
  round.wallet === 'main' ? { kind: 'main' } : { kind: 'vendor', vendorCode };

// A trial's play money comes from and goes back to the house trial account, never a
// real-money account, so game results per vendor stay real money only.
const houseAccountOf = (round: RoundMoney, vendorCode: string): HouseAccount =>
  round.play_money ? { kind: 'trial' } : { kind: 'game', vendorCode };

/** Where a new round of this member plays from: fixed at its first debit. */
const walletOfNewRound = (
  memberType: number,
  singleWallet: boolean,
): { wallet: 'main' | 'vendor'; playMoney: boolean } =>
  memberType === TRIAL_TYPE
    ? { wallet: 'main', playMoney: true }
    : { wallet: singleWallet ? 'main' : 'vendor', playMoney: false };

/**
 * The jackpot pool (issue 5 item 6, decision 009): a platform rule on the house vendor's
 * rounds. Whether this vendor's real-money rounds feed and can win the pool.
 */
export const offersJackpot = (caller: VendorCaller): boolean =>
  caller.vendorCode === HOUSE_VENDOR_CODE;

/** The pool's part of a stake: rounded down, so the house's part is never below its share. */
const jackpotShareOf = (stakeMinor: bigint, shareBps: number): bigint =>
  (stakeMinor * BigInt(shareBps)) / BPS;

/**
 * A bet's entries: the stake from the member, to the house account, less the pool's share,
 * which goes to the jackpot pool's shard of the same number as the house account's (part of
 * the bet's own transfer: no extra transfer, no extra round trip).
 */
const betEntries = async (
  tx: Db,
  merchantId: number,
  accounts: { memberAccountId: number; houseAccountId: number; shard: number },
  stake: { amountMinor: bigint; jackpotMinor: bigint },
): Promise<Entry[]> => {
  const { memberAccountId, houseAccountId } = accounts;
  if (stake.jackpotMinor === 0n)
    return [
      { accountId: memberAccountId, amountMinor: -stake.amountMinor },
      { accountId: houseAccountId, amountMinor: stake.amountMinor },
    ];
  const poolAccountId = await houseAccountIdOf(tx, merchantId, { kind: 'jackpot' }, accounts.shard);
  return [
    { accountId: memberAccountId, amountMinor: -stake.amountMinor },
    { accountId: houseAccountId, amountMinor: stake.amountMinor - stake.jackpotMinor },
    { accountId: poolAccountId, amountMinor: stake.jackpotMinor },
  ];
};

/**
 * The ledger transfer of a round's money: a bet from the member to the house, a win or
 * rollback back. Posted, the ledger refuses a bet beyond the balance (INSUFFICIENT_BALANCE) or
 * from a frozen account (ACCOUNT_FROZEN), and lets a frozen account receive.
 */
export const roundTransferOf = async (
  tx: Db,
  caller: VendorCaller,
  movement: {
    round: RoundMoney;
    type: Extract<TransferType, 'bet' | 'win' | 'rollback'>;
    transactionId: string;
    amountMinor: bigint;
    /** A bet's share for the jackpot pool (0 for everything else). */
    jackpotMinor?: bigint;
    fingerprint: string;
  },
): Promise<{ request: TransferRequest; memberAccountId: number }> => {
  const { merchantId, vendorCode } = caller;
  const { round } = movement;
  const memberAccountId = await memberAccountIdOf(
    tx,
    merchantId,
    Number(round.member_id),
    memberWalletOf(round, vendorCode),
  );
  // Bets of different members lock different rows of the house account (decision 007).
  const shard = houseShardOf(Number(round.member_id));
  const houseAccountId = await houseAccountIdOf(
    tx,
    merchantId,
    houseAccountOf(round, vendorCode),
    shard,
  );
  const entries =
    movement.type === 'bet'
      ? await betEntries(
          tx,
          merchantId,
          { memberAccountId, houseAccountId, shard },
          { amountMinor: movement.amountMinor, jackpotMinor: movement.jackpotMinor ?? 0n },
        )
      : moveEntries(houseAccountId, memberAccountId, movement.amountMinor);
  return {
    request: {
      merchantId,
      type: movement.type,
      idempotencyKey: ledgerKeyOf(vendorCode, movement.transactionId),
      reference: referenceOf(vendorCode, round),
      entries,
      fingerprint: movement.fingerprint,
    },
    memberAccountId,
  };
};

export const resultOf = (
  body: { transactionId: string; playerId: string },
  currency: string,
  moved: { transferId: number | null; balanceMinor: bigint; roundStatus: RoundRow['status'] },
): VendorTransactionResult => ({
  transactionId: body.transactionId,
  walletTransactionId: moved.transferId === null ? null : String(moved.transferId),
  playerId: body.playerId,
  currency,
  balanceMinor: moved.balanceMinor.toString(),
  roundStatus: moved.roundStatus,
});

/** The balance of a member wallet without opening it: a wallet never used holds 0. */
export const walletBalance = async (
  db: Db,
  merchantId: number,
  memberId: number,
  wallet: MemberWallet,
): Promise<bigint> => {
  const accounts = await findMemberAccounts(db, merchantId, memberId);
  const account = accounts.find(
    (candidate) =>
      candidate.kind === wallet.kind &&
      (wallet.kind !== 'vendor' || candidate.vendorCode === wallet.vendorCode),
  );
  return account?.balanceMinor ?? 0n;
};

// --- Player tokens ---------------------------------------------------------------------------

// A vendor session's row never changes once written (nothing updates it; its expiry is checked
// on every call), so this node keeps the sessions it has read: the balance and debit calls of
// a sitting then skip one query each.
const sessionsOf = cachePerDatabase<string, SessionRow | null>({
  max: 50_000,
  staleMs: 'never',
});

const findSession = async (
  db: Db,
  scope: VendorScope,
  tokenHash: string,
): Promise<SessionRow | null> => {
  // A row read inside a transaction that rolls back was never there: not kept.
  if (db.inTransaction) return repository.findSession(db, scope, tokenHash);
  const sessions = sessionsOf(db);
  const key = `${scope.merchantId}\n${scope.vendorCode}\n${tokenHash}`;
  const row = await sessions.get(key, () => repository.findSession(db, scope, tokenHash));
  if (!row) sessions.delete(key);
  return row;
};

/**
 * The member a live token names, when it was issued for this merchant, vendor and player;
 * otherwise VENDOR_SESSION_INVALID (one answer for unknown, expired and mismatched tokens).
 */
const requireLiveSession = async (
  db: Db,
  scope: VendorScope,
  session: { token: string; playerId: string; now: Date },
): Promise<number> => {
  const row = await findSession(db, scope, hashToken(session.token));
  if (!row || row.expires_at <= session.now || row.member_id !== session.playerId)
    throw new AppError('VENDOR_SESSION_INVALID');
  return Number(row.member_id);
};

// --- Answers, once per idempotency key -------------------------------------------------------

/**
 * What a call's rules decided inside their transaction: a value, or a refusal that is still
 * committed because it changed something (a rollback remembering a debit it never saw).
 * Refusals that change nothing are thrown instead, and roll everything back.
 */
export type Outcome<V> = ({ ok: true; value: V } | { ok: false; error: AppError }) & {
  /**
   * The transaction id the call used, recorded in the same statement as its answer: one
   * round trip fewer while the call holds the house account's lock.
   */
  record?: NewTransaction;
};

/** The vendor calls answered once per idempotency key, by the name their requests hash under. */
type IdempotentCall = 'debit' | 'credit' | 'rollback';

type AnswerRequest = {
  scope: VendorScope;
  idempotencyKey: string;
  /** The call and its parsed body: the same request always hashes the same. */
  call: IdempotentCall;
  body: unknown;
  /** The first request's id, kept in a refusal's envelope. */
  requestId: string;
  now: Date;
};

// Another request took a key meanwhile (ours, a transaction id, the ledger's): a fresh run
// finds what it stored and answers from there.
const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';

const success = (value: unknown): VendorAnswer => ({
  statusCode: 200,
  body: { success: true, code: OK_CODE, message: OK_MESSAGE, value },
});

const refusal = (error: AppError, requestId: string): VendorAnswer => ({
  statusCode: error.statusCode,
  body: errorEnvelope(error.code, requestId, error.issues, error.details),
});

const replay = (stored: AnswerRow, requestHash: string): VendorAnswer => {
  if (stored.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { statusCode: stored.status_code, body: stored.response as VendorAnswer['body'] };
};

/** A refusal worth keeping: a decision about the request, not a server fault or a key clash. */
const isStoredRefusal = (error: unknown): error is AppError =>
  isAppError(error) &&
  error.code !== 'IDEMPOTENCY_KEY_REUSED' &&
  (error.statusCode < 500 || error.code === 'MAINTENANCE');

// A stored answer never changes once committed, so this node keeps the answers it gave or
// read, and answers a replay (a vendor retrying a callback) without a query.
const answersOf = cachePerDatabase<string, AnswerRow | null>({ max: 100_000, staleMs: 'never' });

const answerKeyOf = (request: Pick<AnswerRequest, 'scope' | 'idempotencyKey'>): string =>
  `${request.scope.merchantId}\n${request.scope.vendorCode}\n${request.idempotencyKey}`;

const requestHashOf = (request: Pick<AnswerRequest, 'call' | 'body'>): string =>
  sha256Of([request.call, request.body]);

/** The committed answer under the request's key, from this node's memory or `load`. */
const committedAnswer = async (
  db: Db,
  request: Pick<AnswerRequest, 'scope' | 'idempotencyKey'>,
  load: () => Promise<AnswerRow | null>,
): Promise<AnswerRow | null> => {
  const answers = answersOf(db);
  const key = answerKeyOf(request);
  const answer = await answers.get(key, load);
  if (!answer) answers.delete(key);
  return answer;
};

/** Keeps on this node an answer stored in `tx`, once `tx` commits. */
const keepAfterCommit = (
  tx: Db,
  request: Pick<AnswerRequest, 'scope' | 'idempotencyKey'>,
  requestHash: string,
  answer: VendorAnswer,
): void => {
  const answers = answersOf(tx);
  const key = answerKeyOf(request);
  const row = { request_hash: requestHash, status_code: answer.statusCode, response: answer.body };
  tx.afterCommit(() => answers.set(key, row));
};

/** Stores the answer in `tx`, with the transaction id the call recorded if any. */
const store = async (
  tx: Db,
  request: AnswerRequest,
  requestHash: string,
  answer: VendorAnswer,
  record?: NewTransaction,
) => {
  const stored = {
    idempotencyKey: request.idempotencyKey,
    requestHash,
    statusCode: answer.statusCode,
    response: answer.body,
  };
  if (record) await repository.insertTransactionAndAnswer(tx, record, stored);
  else await repository.insertAnswer(tx, request.scope, { ...stored, at: request.now });
  keepAfterCommit(tx, request, requestHash, answer);
};

/**
 * Answers a vendor's money call once per idempotency key (reliability checklist A4; Hub88:
 * a duplicate gets the same response). The first run decides in one database transaction with
 * everything it moves and stores its answer there; a refusal it throws rolls that back and is
 * then stored on its own, so a vendor that missed the first answer never gets another one.
 * The same key with the same request replays the stored answer, with another request is
 * refused with IDEMPOTENCY_KEY_REUSED. Concurrent runs under one key make one effect: the
 * loser fails on a unique key, and its bounded retry replays the winner's answer.
 */
export const answerOnce = async <V>(
  call: VendorCall,
  request: { call: IdempotentCall; body: { idempotencyKey: string } },
  decide: (tx: Db) => Promise<Outcome<V>>,
): Promise<VendorAnswer> => {
  const { db } = call;
  const asked: AnswerRequest = {
    scope: scopeOf(call.caller),
    idempotencyKey: request.body.idempotencyKey,
    call: request.call,
    body: request.body,
    requestId: call.requestId,
    now: call.now,
  };
  const requestHash = requestHashOf(asked);
  // A replay is answered from memory, or by one read without a transaction; a miss still
  // checks again inside the transaction.
  const committed = await committedAnswer(db, asked, () =>
    repository.findAnswer(db, asked.scope, asked.idempotencyKey),
  );
  if (committed) return replay(committed, requestHash);
  // The first run goes straight to the decision: the read above has just missed, and an answer
  // committed since then makes our insert fail on the key, so the run after it finds that one.
  let firstRun = true;
  try {
    return await retryTransaction(
      db,
      async (tx) => {
        if (!firstRun) {
          const stored = await repository.findAnswer(tx, asked.scope, asked.idempotencyKey);
          if (stored) return replay(stored, requestHash);
        }
        firstRun = false;
        const outcome = await decide(tx);
        const answer = outcome.ok
          ? success(outcome.value)
          : refusal(outcome.error, asked.requestId);
        await store(tx, asked, requestHash, answer, outcome.record);
        return answer;
      },
      { alsoRetry: isUniqueViolation },
    );
  } catch (error) {
    if (!isStoredRefusal(error)) throw error;
    return retryTransaction(
      db,
      async (tx) => {
        const stored = await repository.findAnswer(tx, asked.scope, asked.idempotencyKey);
        if (stored) return replay(stored, requestHash);
        const answer = refusal(error, asked.requestId);
        await store(tx, asked, requestHash, answer);
        return answer;
      },
      { alsoRetry: isUniqueViolation },
    );
  }
};

/**
 * The first answer to a transaction id already used: the same movement gets it again (and
 * nothing moves twice), another movement under the id is refused.
 */
export const priorResult = (
  prior: TransactionRow,
  fingerprint: string,
): Outcome<VendorTransactionResult> => {
  if (prior.request_hash !== fingerprint) throw new AppError('VENDOR_TRANSACTION_REUSED');
  return { ok: true, value: prior.result as VendorTransactionResult };
};

// --- The balance -----------------------------------------------------------------------------

/**
 * The balance a player plays with at this vendor (POST /vendor/v1/balance): the main wallet,
 * or on a transfer-wallet merchant the wallet at this vendor; play money for a trial. Read
 * only, so it needs no idempotency key.
 */
export const getVendorBalance = async (
  call: VendorCall,
  body: VendorBalanceRequest,
): Promise<VendorBalance> => {
  const { db, caller } = call;
  const scope = scopeOf(caller);
  const memberId = await requireLiveSession(db, scope, { ...body, now: call.now });
  const currency = await requireCurrency(db, scope.merchantId, body.currency);
  const member = await getMember(db, scope.merchantId, memberId);
  const { wallet } = walletOfNewRound(member.type, await isSingleWallet(db, scope.merchantId));
  const balanceMinor = await walletBalance(
    db,
    scope.merchantId,
    memberId,
    wallet === 'main' ? { kind: 'main' } : { kind: 'vendor', vendorCode: caller.vendorCode },
  );
  return { playerId: body.playerId, currency, balanceMinor: balanceMinor.toString() };
};

// --- Bets, decided in batches ----------------------------------------------------------------

/*
 * Group commit of vendor debits (decision 007, Batching). Bets arrive by the thousand a second
 * from every table of every vendor, each a small transaction over the same hot house accounts.
 * Debits that arrive together are decided together: their checks and states read side by side
 * in a few statements, then one statement that is its own transaction for the ledger batch,
 * the rounds, the records and the answers; each debit is still accepted or refused on its own,
 * by the same rules in the same order as one alone. Debits a batch cannot take with the others
 * (a second use of a transaction id or a round already in the batch) wait for the next one;
 * copies of one request share one answer.
 */

type Debit = { call: VendorCall; body: VendorDebitRequest; requestHash: string };

const MAX_BATCH = 200;

/** The movement a debit makes, whatever idempotency key it comes under. */
const fingerprintOf = (body: VendorDebitRequest): string =>
  sha256Of(['debit', body.playerId, body.roundId, body.gameCode, body.currency, body.amountMinor]);

const keysOf = (debit: Debit) => {
  const { merchantId, vendorCode } = debit.call.caller;
  const scope = `${merchantId}\n${vendorCode}\n`;
  return {
    answer: scope + debit.body.idempotencyKey,
    transaction: scope + debit.body.transactionId,
    round: scope + debit.body.roundId,
  };
};

/** A refusal as a value, so one debit's refusal never fails the others; a fault still throws. */
const settled = <T>(promise: Promise<T>): Promise<T | AppError> =>
  promise.catch((error: unknown) => {
    if (isAppError(error)) return error;
    throw error;
  });

/** What each debit's rules read before its batch's transaction starts. */
type Checks = {
  memberId: number | AppError;
  currency: Currency;
  member: MemberRow | undefined;
  movementRefusal: AppError | null;
  /** The largest bet an open bonus of the member allows; null for none. */
  betLimit: bigint | null;
  singleWallet: boolean;
};

/**
 * The player tokens (mostly from memory), and per merchant its currency and wallet mode and
 * its members, their maintenance and frozen rules and their open bonuses' bet limits, a
 * statement each however many debits.
 * Read before the transaction and side by side: none is locked, so inside it they would see
 * nothing newer, and PGlite runs one thing at a time.
 */
const readChecks = async (db: Db, debits: readonly Debit[], now: Date): Promise<Checks[]> => {
  const memberIds = await Promise.all(
    debits.map(({ call, body }) =>
      settled(requireLiveSession(db, scopeOf(call.caller), { ...body, now: call.now })),
    ),
  );
  // The members each merchant's reads are about: those whose token is live.
  const membersByMerchant = new Map<number, Set<number>>();
  debits.forEach(({ call }, index) => {
    const { merchantId } = call.caller;
    const members = membersByMerchant.get(merchantId) ?? new Set<number>();
    const memberId = memberIds[index];
    if (typeof memberId === 'number') members.add(memberId);
    membersByMerchant.set(merchantId, members);
  });
  const merchants = new Map(
    await Promise.all(
      [...membersByMerchant].map(async ([merchantId, live]) => {
        const ids = [...live];
        const [currency, singleWallet, members, refusalOf, betLimitOf] = await Promise.all([
          readMerchantCurrency(db, merchantId),
          isSingleWallet(db, merchantId),
          findMembers(db, merchantId, ids),
          readMoneyMovementRefusals(db, { merchantId, memberIds: ids, now }),
          readBonusBetLimits(db, { merchantId, memberIds: ids }),
        ]);
        return [merchantId, { currency, singleWallet, members, refusalOf, betLimitOf }] as const;
      }),
    ),
  );
  return debits.map(({ call }, index) => {
    const merchant = merchants.get(call.caller.merchantId);
    const memberId = memberIds[index];
    if (!merchant || memberId === undefined) throw new Error('a debit without its checks');
    return {
      memberId,
      currency: merchant.currency,
      member: typeof memberId === 'number' ? merchant.members.get(memberId) : undefined,
      movementRefusal: typeof memberId === 'number' ? merchant.refusalOf(memberId) : null,
      betLimit: typeof memberId === 'number' ? merchant.betLimitOf(memberId) : null,
      singleWallet: merchant.singleWallet,
    };
  });
};

/** A bet that passed every rule before the ledger's. */
type Bet = {
  round: RoundRow | null;
  money: RoundMoney;
  memberId: number;
  currency: string;
  amountMinor: bigint;
  fingerprint: string;
};

/** How the rules answer one debit before its money moves. */
type Verdict =
  | { kind: 'answered'; answer: VendorAnswer }
  | { kind: 'store'; answer: VendorAnswer }
  | { kind: 'error'; error: AppError }
  | { kind: 'bet'; bet: Bet };

/**
 * The rules of one debit in their order: the answer under its key, the transaction under its
 * id, the player's token, the currency, the member, maintenance and freezing, an open bonus's
 * largest bet, the round. The
 * balance and the account's own freeze are checked by the ledger under its row locks.
 */
const judge = (debit: Debit, state: DebitState, checks: Checks): Verdict => {
  const { body } = debit;
  if (state.answer) return { kind: 'answered', answer: replay(state.answer, debit.requestHash) };
  const fingerprint = fingerprintOf(body);
  const { prior, round } = state;
  if (prior?.kind === 'debit' && prior.state === 'void')
    throw new AppError('VENDOR_TRANSACTION_CANCELLED');
  if (prior) {
    const first = priorResult(prior, fingerprint);
    if (!first.ok) throw first.error;
    return { kind: 'store', answer: success(first.value) };
  }
  if (checks.memberId instanceof AppError) throw checks.memberId;
  const currency = currencyOf(checks.currency, body.currency);
  if (checks.member?.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  if (checks.movementRefusal) throw checks.movementRefusal;
  if (checks.betLimit !== null && BigInt(body.amountMinor) > checks.betLimit)
    throw new AppError('BONUS_MAX_BET_EXCEEDED');
  if (round) {
    if (round.member_id !== String(checks.memberId) || round.game_code !== body.gameCode)
      throw new AppError('VENDOR_ROUND_CONFLICT');
    if (round.status !== 'open') throw new AppError('VENDOR_ROUND_CLOSED');
  }
  const opening = walletOfNewRound(checks.member.type, checks.singleWallet);
  return {
    kind: 'bet',
    bet: {
      round,
      money: round ?? {
        round_id: body.roundId,
        member_id: String(checks.memberId),
        wallet: opening.wallet,
        play_money: opening.playMoney,
      },
      memberId: checks.memberId,
      currency,
      amountMinor: BigInt(body.amountMinor),
      fingerprint,
    },
  };
};

/** A refusal is kept as the key's answer; a reused key is refused and nothing is kept. */
const verdictOf = (debit: Debit, state: DebitState, checks: Checks): Verdict => {
  try {
    return judge(debit, state, checks);
  } catch (error) {
    if (isStoredRefusal(error))
      return { kind: 'store', answer: refusal(error, debit.call.requestId) };
    if (isAppError(error)) return { kind: 'error', error };
    throw error;
  }
};

type Decided = { answer: VendorAnswer } | { error: AppError };

const debitKeyOf = (debit: Debit) => ({
  scope: scopeOf(debit.call.caller),
  idempotencyKey: debit.body.idempotencyKey,
});

/** Each debit's stored answer, transaction and round, as committed. */
const readStates = (db: Db, debits: readonly Debit[]): Promise<DebitState[]> =>
  repository.findDebitStates(
    db,
    debits.map(({ call, body }) => ({
      ...scopeOf(call.caller),
      idempotencyKey: body.idempotencyKey,
      transactionId: body.transactionId,
      roundId: body.roundId,
    })),
  );

/** A bet on its way to the ledger: its debit, its transfer and the member's account in it. */
type Betting = {
  index: number;
  debit: Debit;
  bet: Bet;
  request: TransferRequest;
  memberAccountId: number;
};

const bettingOf = async (
  db: Db,
  debits: readonly Debit[],
  verdicts: readonly Verdict[],
): Promise<Betting[]> => {
  const betting: Betting[] = [];
  for (const [index, verdict] of verdicts.entries()) {
    if (verdict.kind !== 'bet') continue;
    const debit = debits[index] as Debit;
    const { call, body } = debit;
    const { bet } = verdict;
    const { request, memberAccountId } = await roundTransferOf(db, call.caller, {
      round: bet.money,
      type: 'bet',
      transactionId: body.transactionId,
      amountMinor: bet.amountMinor,
      // Play money never feeds the real pool.
      jackpotMinor:
        offersJackpot(call.caller) && !bet.money.play_money
          ? jackpotShareOf(bet.amountMinor, call.jackpotShareBps)
          : 0n,
      fingerprint: bet.fingerprint,
    });
    betting.push({ index, debit, bet, request, memberAccountId });
  }
  return betting;
};

// The database completes each bet's result and answer (vendor_debit_post): these are the
// fields it fills, named after the contract's types so a rename cannot leave it behind.
const RESULT_FIELDS = {
  transferId: 'walletTransactionId',
  balance: 'balanceMinor',
  value: 'value',
} as const satisfies {
  transferId: keyof VendorTransactionResult;
  balance: keyof VendorTransactionResult;
  value: keyof Envelope<unknown>;
};

const answerRowOf = (debit: Debit, answer: VendorAnswer): NewAnswer => ({
  ...scopeOf(debit.call.caller),
  idempotencyKey: debit.body.idempotencyKey,
  requestHash: debit.requestHash,
  statusCode: answer.statusCode,
  response: answer.body,
});

const betWriteOf = ({ debit, bet, request, memberAccountId }: Betting): BetWrite => {
  const { call, body } = debit;
  const memberEntry = request.entries.findIndex((entry) => entry.accountId === memberAccountId);
  if (memberEntry < 0)
    throw new Error(`the bet of ${body.transactionId} has no entry of the member`);
  return {
    ...scopeOf(call.caller),
    roundId: body.roundId,
    memberId: bet.memberId,
    gameCode: body.gameCode,
    wallet: bet.money.wallet,
    playMoney: bet.money.play_money,
    amountMinor: bet.amountMinor,
    transactionId: body.transactionId,
    fingerprint: bet.fingerprint,
    memberEntry,
    result: resultOf(body, bet.currency, {
      transferId: null,
      balanceMinor: 0n,
      roundStatus: 'open',
    }),
  };
};

/** How the ledger's outcome answers a bet: its result, or its refusal. */
const verdictOfPosted = (betting: Betting, outcome: TransferOutcome): Verdict => {
  const { debit, bet, memberAccountId } = betting;
  if (!outcome.ok)
    return isStoredRefusal(outcome.error)
      ? { kind: 'store', answer: refusal(outcome.error, debit.call.requestId) }
      : { kind: 'error', error: outcome.error };
  const { transfer } = outcome;
  const entry = transfer.entries.find((posted) => posted.accountId === memberAccountId);
  if (!entry) throw new Error(`transfer ${transfer.transferId} has no entry of the member`);
  const value = resultOf(debit.body, bet.currency, {
    transferId: transfer.transferId,
    balanceMinor: entry.balanceAfterMinor,
    roundStatus: 'open',
  });
  return { kind: 'answered', answer: success(value) };
};

/**
 * One batch in two hops (decision 007, Two hops a debit batch): the checks and each debit's
 * state are read side by side, without locks, and every debit is judged on them; then one
 * statement, its own transaction, locks the rounds judged open, posts the bets through the
 * ledger and writes their rounds, records and every answer. A bet the ledger refuses is
 * answered with its refusal, stored by one more statement. When anything read changed before
 * the write (a round closed, a key taken), the write fails and the batch is read and judged
 * again: what committed meanwhile, this batch's own bets included, is then replayed.
 */
const decideDebits = async (
  db: Db,
  events: EventSink<LedgerEvents>,
  debits: readonly Debit[],
  turn: Turn,
): Promise<Decided[]> => {
  const now = (debits[0] as Debit).call.now;
  const [checks, states] = await Promise.all([readChecks(db, debits, now), readStates(db, debits)]);
  const verdicts = debits.map((debit, index) =>
    verdictOf(debit, states[index] as DebitState, checks[index] as Checks),
  );
  const betting = await bettingOf(db, debits, verdicts);
  const answers: AnswerWrite[] = [];
  verdicts.forEach((verdict, index) => {
    if (verdict.kind === 'store')
      answers.push({ ...answerRowOf(debits[index] as Debit, verdict.answer), bet: null });
  });
  const bets = betting.map(betWriteOf);
  betting.forEach((item, place) =>
    answers.push({ ...answerRowOf(item.debit, success(bets[place]?.result)), bet: place }),
  );
  // Everything above locked nothing: the next batch may read while this one writes.
  await turn.handOver();
  if (answers.length > 0) {
    const posting = prepareLedgerPosting(
      betting.map((item) => item.request),
      { events, now },
    );
    const rows = await repository.postDebitBatch(db, {
      posting,
      openRounds: betting.flatMap(({ debit, bet }) =>
        bet.round ? [{ ...scopeOf(debit.call.caller), roundId: debit.body.roundId }] : [],
      ),
      bets,
      answers,
      fields: RESULT_FIELDS,
    });
    const outcomes = posting.settle(db, rows);
    const refusals: NewAnswer[] = [];
    betting.forEach((item, place) => {
      const outcome = outcomes[place];
      if (!outcome) throw new Error('the ledger answered fewer outcomes than it was given');
      const verdict = verdictOfPosted(item, outcome);
      verdicts[item.index] = verdict;
      if (verdict.kind === 'store') refusals.push(answerRowOf(item.debit, verdict.answer));
    });
    if (refusals.length > 0) await repository.insertAnswers(db, refusals, now);
  }
  return verdicts.map((verdict, index): Decided => {
    const debit = debits[index] as Debit;
    if (verdict.kind === 'error') return { error: verdict.error };
    if (verdict.kind === 'bet') throw new Error('a bet left undecided');
    keepAfterCommit(db, debitKeyOf(debit), debit.requestHash, verdict.answer);
    return { answer: verdict.answer };
  });
};

/**
 * Splits a batch: the first debit under each key is taken; a copy of it (same key, same
 * request) follows its answer; anything else that would use a key, transaction id or round of
 * a taken debit waits for the next batch.
 */
const partition = (batch: readonly Debit[]) => {
  const taken: Debit[] = [];
  const places: ({ taken: number } | 'later')[] = [];
  const byAnswer = new Map<string, number>();
  const transactions = new Set<string>();
  const rounds = new Set<string>();
  for (const debit of batch) {
    const keys = keysOf(debit);
    const leader = byAnswer.get(keys.answer);
    if (leader !== undefined && taken[leader]?.requestHash === debit.requestHash) {
      places.push({ taken: leader });
    } else if (
      leader !== undefined ||
      transactions.has(keys.transaction) ||
      rounds.has(keys.round)
    ) {
      places.push('later');
    } else {
      byAnswer.set(keys.answer, taken.length);
      transactions.add(keys.transaction);
      rounds.add(keys.round);
      places.push({ taken: taken.length });
      taken.push(debit);
    }
  }
  return { taken, places };
};

const writeDebits = async (
  db: Db,
  events: EventSink<LedgerEvents>,
  batch: readonly Debit[],
  turn: Turn,
): Promise<ItemOutcome<VendorAnswer>[]> => {
  const { taken, places } = partition(batch);
  if (taken.length === 0) return [];
  const decided = await retrying(() => decideDebits(db, events, taken, turn), {
    alsoRetry: isUniqueViolation,
  });
  return places.map((place) => {
    if (place === 'later') return 'later';
    const outcome = decided[place.taken];
    if (!outcome) throw new Error('a debit without its outcome');
    return 'answer' in outcome
      ? { ok: true, value: outcome.answer }
      : { ok: false, error: outcome.error };
  });
};

// One queue per database and event bus: the batch posts to the ledger of that database and
// publishes the balances on that bus.
const queues = new WeakMap<object, WeakMap<object, GroupCommit<Debit, VendorAnswer>>>();

const queueOf = (call: VendorCall): GroupCommit<Debit, VendorAnswer> => {
  let byScope = queues.get(call.events);
  if (!byScope) {
    byScope = new WeakMap();
    queues.set(call.events, byScope);
  }
  let queue = byScope.get(call.db.scope);
  if (!queue) {
    const { db, events } = call;
    queue = createGroupCommit((batch, turn) => writeDebits(db, events, batch, turn), {
      maxBatch: MAX_BATCH,
    });
    byScope.set(call.db.scope, queue);
  }
  return queue;
};

/**
 * A bet (POST /vendor/v1/debit), answered once per idempotency key like every vendor money
 * call: a replay this node keeps is answered at once, anything else is decided in the next
 * batch (which reads the stored answers itself, so a bet costs no read of its own first).
 */
export const answerDebit = async (
  call: VendorCall,
  body: VendorDebitRequest,
): Promise<VendorAnswer> => {
  const requestHash = requestHashOf({ call: 'debit', body });
  // A miss loads nothing here: the batch reads the stored answers with everything else.
  const kept = await committedAnswer(
    call.db,
    { scope: scopeOf(call.caller), idempotencyKey: body.idempotencyKey },
    () => Promise.resolve(null),
  );
  if (kept) return replay(kept, requestHash);
  return queueOf(call).submit({ call, body, requestHash });
};
