import type {
  Currency,
  Envelope,
  VendorDebitRequest,
  VendorTransactionResult,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { retrying } from '../../db/retry.ts';
import { AppError, isAppError } from '../../shared/app-error.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import {
  createGroupCommit,
  type GroupCommit,
  type ItemOutcome,
  type Turn,
} from '../../shared/group-commit.ts';
import { findMembers, type MemberRow } from '../auth/index.ts';
import {
  prepareLedgerPosting,
  type LedgerEvents,
  type TransferOutcome,
  type TransferRequest,
} from '../ledger/index.ts';
import { readMerchantCurrency } from '../system/index.ts';
import { isSingleWallet, readMoneyMovementRefusals } from '../wallet/index.ts';
import { jackpotShareOf, offersJackpot } from './jackpot-pool.ts';
import {
  isStoredRefusal,
  isUniqueViolation,
  refusal,
  rememberAfterCommit,
  rememberedAnswer,
  replay,
  requestHashOf,
  sha256Of,
  success,
  type VendorAnswer,
} from './vendor-answers.ts';
import {
  findDebitStates,
  insertAnswers,
  postDebitBatch,
  type AnswerWrite,
  type BetWrite,
  type DebitState,
  type NewAnswer,
} from './vendor-debits.repository.ts';
import {
  currencyOf,
  priorResult,
  resultOf,
  roundTransferOf,
  scopeOf,
  walletOfNewRound,
  type RoundMoney,
  type VendorCall,
} from './vendor-movements.ts';
import { requireLiveSession } from './vendor-session.service.ts';
import type { RoundRow } from './vendor-wallet.repository.ts';

/**
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
  singleWallet: boolean;
};

/**
 * The player tokens (mostly from memory), and per merchant its currency and wallet mode and
 * its members and their maintenance and frozen rules, a statement each however many debits.
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
        const [currency, singleWallet, members, refusalOf] = await Promise.all([
          readMerchantCurrency(db, merchantId),
          isSingleWallet(db, merchantId),
          findMembers(db, merchantId, ids),
          readMoneyMovementRefusals(db, { merchantId, memberIds: ids, now }),
        ]);
        return [merchantId, { currency, singleWallet, members, refusalOf }] as const;
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
 * id, the player's token, the currency, the member, maintenance and freezing, the round.
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

const answerKeyOf = (debit: Debit) => ({
  scope: scopeOf(debit.call.caller),
  idempotencyKey: debit.body.idempotencyKey,
});

/** Each debit's stored answer, transaction and round, as committed. */
const readStates = (db: Db, debits: readonly Debit[]): Promise<DebitState[]> =>
  findDebitStates(
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
    const rows = await postDebitBatch(db, {
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
    if (refusals.length > 0) await insertAnswers(db, refusals, now);
  }
  return verdicts.map((verdict, index): Decided => {
    const debit = debits[index] as Debit;
    if (verdict.kind === 'error') return { error: verdict.error };
    if (verdict.kind === 'bet') throw new Error('a bet left undecided');
    rememberAfterCommit(db, answerKeyOf(debit), debit.requestHash, verdict.answer);
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
 * call (vendor-answers.ts): a replay this node remembers is answered at once, anything else
 * is decided in the next batch.
 */
export const answerDebitInBatch = async (
  call: VendorCall,
  body: VendorDebitRequest,
): Promise<VendorAnswer> => {
  const requestHash = requestHashOf({ call: 'debit', body });
  const known = rememberedAnswer(
    call.db,
    { scope: scopeOf(call.caller), idempotencyKey: body.idempotencyKey },
    requestHash,
  );
  if (known) return known;
  return queueOf(call).submit({ call, body, requestHash });
};
