import type {
  Currency,
  VendorBalance,
  VendorBalanceRequest,
  VendorDebitRequest,
  VendorRollbackRequest,
  VendorTransactionResult,
} from '@lanna/contract';
import type { z } from 'zod';
import type { VendorCreditRequestSchema } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { getMember } from '../auth/index.ts';
import {
  findMemberAccounts,
  houseAccountIdOf,
  houseShardOf,
  memberAccountIdOf,
  moveEntries,
  postTransfer,
  type HouseAccount,
  type LedgerEvents,
  type MemberWallet,
  type PostedTransfer,
  type TransferType,
} from '../ledger/index.ts';
import { readMerchantCurrency } from '../system/index.ts';
import { assertMoneyMovementAllowed, isSingleWallet } from '../wallet/index.ts';
import { betEntries, jackpotShareOf, offersJackpot, payJackpot } from './jackpot-pool.ts';
import { answerOnce, sha256Of, type Outcome, type VendorAnswer } from './vendor-answers.ts';
import type { VendorCaller } from './vendor-credentials.service.ts';
import { requireLiveSession } from './vendor-session.service.ts';
import * as repository from './vendor-wallet.repository.ts';
import type { RoundRow, TransactionRow, VendorScope } from './vendor-wallet.repository.ts';

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

type CreditBody = z.output<typeof VendorCreditRequestSchema>;

const TRIAL_TYPE = 4;

const scopeOf = (caller: VendorCaller): VendorScope => ({
  merchantId: caller.merchantId,
  vendorCode: caller.vendorCode,
});

/** The ledger key of a vendor transaction: unique per merchant, as the ledger wants. */
const ledgerKeyOf = (vendorCode: string, transactionId: string) =>
  `vendor:${vendorCode}:${transactionId}`;

const currencyOf = (merchant: Currency, currency: string): string => {
  if (merchant.currency !== currency) throw new AppError('VENDOR_CURRENCY_MISMATCH');
  return merchant.currency;
};

const requireCurrency = async (db: Db, merchantId: number, currency: string): Promise<string> =>
  currencyOf(await readMerchantCurrency(db, merchantId), currency);

const referenceOf = (vendorCode: string, round: RoundRow) =>
  `round:${vendorCode}:${round.round_id}`;

/** The member wallet a round plays from, and the house account on the other side. */
const memberWalletOf = (round: RoundRow, vendorCode: string): MemberWallet =>
  round.wallet === 'main' ? { kind: 'main' } : { kind: 'vendor', vendorCode };

// A trial's play money comes from and goes back to the house trial account, never a
// real-money account, so game results per vendor stay real money only.
const houseAccountOf = (round: RoundRow, vendorCode: string): HouseAccount =>
  round.play_money ? { kind: 'trial' } : { kind: 'game', vendorCode };

/**
 * Moves the round's money: a bet from the member to the house, a win or rollback back. The
 * ledger refuses a bet beyond the balance (INSUFFICIENT_BALANCE) or from a frozen account
 * (ACCOUNT_FROZEN), and lets a frozen account receive.
 */
const moveRoundMoney = async (
  tx: Db,
  call: VendorCall,
  movement: {
    round: RoundRow;
    type: Extract<TransferType, 'bet' | 'win' | 'rollback'>;
    transactionId: string;
    amountMinor: bigint;
    /** A bet's share for the jackpot pool (0 for everything else). */
    jackpotMinor?: bigint;
    fingerprint: string;
  },
): Promise<{ transfer: PostedTransfer; balanceMinor: bigint }> => {
  const { merchantId, vendorCode } = call.caller;
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
  const transfer = await postTransfer(
    tx,
    {
      merchantId,
      type: movement.type,
      idempotencyKey: ledgerKeyOf(vendorCode, movement.transactionId),
      reference: referenceOf(vendorCode, round),
      entries,
      fingerprint: movement.fingerprint,
    },
    { events: call.events, now: call.now },
  );
  const entry = transfer.entries.find((posted) => posted.accountId === memberAccountId);
  if (!entry) throw new Error(`transfer ${transfer.transferId} has no entry of the member`);
  return { transfer, balanceMinor: entry.balanceAfterMinor };
};

/** The balance of a member wallet without opening it: a wallet never used holds 0. */
const walletBalance = async (
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

/** Where a new round of this member plays from: fixed at its first debit. */
const walletOfNewRound = (
  memberType: number,
  singleWallet: boolean,
): { wallet: 'main' | 'vendor'; playMoney: boolean } =>
  memberType === TRIAL_TYPE
    ? { wallet: 'main', playMoney: true }
    : { wallet: singleWallet ? 'main' : 'vendor', playMoney: false };

/**
 * The first answer to a transaction id already used: the same movement gets it again (and
 * nothing moves twice), another movement under the id is refused.
 */
const priorResult = (
  prior: TransactionRow,
  fingerprint: string,
): Outcome<VendorTransactionResult> => {
  if (prior.request_hash !== fingerprint) throw new AppError('VENDOR_TRANSACTION_REUSED');
  return { ok: true, value: prior.result as VendorTransactionResult };
};

const resultOf = (
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

/**
 * What a debit checks besides its round and its money, read before its transaction starts and
 * side by side (each is its own short read; none is locked, so inside the transaction it
 * would see nothing newer): the player's token, the merchant's currency and wallet mode, the
 * member, and the maintenance and frozen rules. Read at once, from the database like before,
 * so an operator's switch applies to the next debit. The verdicts are given in the order the
 * rules ask, by `requireDebitAllowed`, only once the transaction id is known to be new: a
 * replayed movement answers what it answered, whatever has changed since.
 */
type DebitChecks = {
  memberId: Promise<number>;
  currency: Promise<Currency>;
  singleWallet: Promise<boolean>;
  member: Promise<{ type: number; status: string }>;
  movementAllowed: Promise<void>;
};

const readDebitChecks = (call: VendorCall, body: VendorDebitRequest): DebitChecks => {
  const { db } = call;
  const scope = scopeOf(call.caller);
  const { merchantId } = scope;
  const memberId = requireLiveSession(db, scope, { ...body, now: call.now });
  const checks: DebitChecks = {
    memberId,
    currency: readMerchantCurrency(db, merchantId),
    singleWallet: isSingleWallet(db, merchantId),
    member: memberId.then((id) => getMember(db, merchantId, id)),
    movementAllowed: memberId.then((id) =>
      assertMoneyMovementAllowed(db, { merchantId, memberId: id, now: call.now }),
    ),
  };
  // A verdict not asked for (a replay, or an earlier refusal) is dropped, not left unhandled.
  for (const check of Object.values(checks)) (check as Promise<unknown>).catch(() => undefined);
  return checks;
};

/** Every check's read, settled (whatever its verdict). */
const settledChecks = (checks: DebitChecks): Promise<unknown> =>
  Promise.allSettled(Object.values(checks));

/** The checks' verdicts, in the rules' order: the first failing one is the refusal. */
const requireDebitAllowed = async (checks: DebitChecks, body: VendorDebitRequest) => {
  const memberId = await checks.memberId;
  const currency = currencyOf(await checks.currency, body.currency);
  const member = await checks.member;
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  await checks.movementAllowed;
  return { memberId, currency, member };
};

/**
 * Opens the round on its first debit, or adds the bet to it; either way row-locked and
 * checked. A new round plays from the wallet the merchant's mode names, fixed from then on.
 */
const addDebitToRound = async (
  tx: Db,
  call: VendorCall,
  body: VendorDebitRequest,
  opening: { memberId: number; memberType: number; singleWallet: boolean; amountMinor: bigint },
): Promise<RoundRow> => {
  const scope = scopeOf(call.caller);
  const round = await repository.addRoundDebit(tx, {
    ...scope,
    roundId: body.roundId,
    memberId: opening.memberId,
    gameCode: body.gameCode,
    ...walletOfNewRound(opening.memberType, opening.singleWallet),
    amountMinor: opening.amountMinor,
    at: call.now,
  });
  if (round) return round;
  const refusing = await repository.lockRound(tx, scope, body.roundId);
  if (!refusing) throw new Error(`round ${body.roundId} neither added to nor found`);
  if (refusing.member_id !== String(opening.memberId) || refusing.game_code !== body.gameCode)
    throw new AppError('VENDOR_ROUND_CONFLICT');
  throw new AppError('VENDOR_ROUND_CLOSED');
};

/**
 * The outcome of a debit, credit or rollback that moved (or settled) a round: its value, and
 * the transaction id it records beside its answer.
 */
const appliedOutcome = (
  call: VendorCall,
  applied: {
    kind: 'debit' | 'credit' | 'rollback';
    transactionId: string;
    round: RoundRow;
    amountMinor: bigint;
    referenceId: string | null;
    fingerprint: string;
    ledgerTransferId: number | null;
    value: VendorTransactionResult;
  },
): Outcome<VendorTransactionResult> => ({
  ok: true,
  value: applied.value,
  record: {
    ...scopeOf(call.caller),
    transactionId: applied.transactionId,
    kind: applied.kind,
    state: 'applied',
    roundRef: applied.round.id,
    memberId: Number(applied.round.member_id),
    amountMinor: applied.amountMinor,
    referenceId: applied.referenceId,
    requestHash: applied.fingerprint,
    ledgerTransferId: applied.ledgerTransferId,
    result: applied.value,
    at: call.now,
  },
});

const decideDebit = async (
  tx: Db,
  call: VendorCall,
  body: VendorDebitRequest,
  checks: DebitChecks,
): Promise<Outcome<VendorTransactionResult>> => {
  const scope = scopeOf(call.caller);
  const fingerprint = sha256Of([
    'debit',
    body.playerId,
    body.roundId,
    body.gameCode,
    body.currency,
    body.amountMinor,
  ]);
  const prior = await repository.lockTransaction(tx, scope, body.transactionId);
  if (prior?.kind === 'debit' && prior.state === 'void')
    throw new AppError('VENDOR_TRANSACTION_CANCELLED');
  if (prior) return priorResult(prior, fingerprint);
  const { memberId, currency, member } = await requireDebitAllowed(checks, body);
  const amountMinor = BigInt(body.amountMinor);
  // The round's row is this player's alone; the house account the bet pays into is every
  // player's, so its lock (taken by the transfer) comes last and is held for the least time.
  const round = await addDebitToRound(tx, call, body, {
    memberId,
    memberType: member.type,
    singleWallet: await checks.singleWallet,
    amountMinor,
  });
  const moved = await moveRoundMoney(tx, call, {
    round,
    type: 'bet',
    transactionId: body.transactionId,
    amountMinor,
    jackpotMinor:
      offersJackpot(call.caller) && !round.play_money
        ? jackpotShareOf(amountMinor, call.jackpotShareBps)
        : 0n,
    fingerprint,
  });
  const value = resultOf(body, currency, {
    transferId: moved.transfer.transferId,
    balanceMinor: moved.balanceMinor,
    roundStatus: 'open',
  });
  return appliedOutcome(call, {
    kind: 'debit',
    transactionId: body.transactionId,
    round,
    amountMinor,
    referenceId: null,
    fingerprint,
    ledgerTransferId: moved.transfer.transferId,
    value,
  });
};

/** The pool paid to the round's member wallet, or null when the pool was empty. */
const payJackpotOf = async (
  tx: Db,
  call: VendorCall,
  win: { round: RoundRow; transactionId: string; fingerprint: string },
): Promise<{ transfer: PostedTransfer; balanceMinor: bigint; amountMinor: bigint } | null> => {
  const { merchantId, vendorCode } = call.caller;
  const memberAccountId = await memberAccountIdOf(
    tx,
    merchantId,
    Number(win.round.member_id),
    memberWalletOf(win.round, vendorCode),
  );
  const transfer = await payJackpot(
    tx,
    {
      caller: call.caller,
      memberAccountId,
      idempotencyKey: `${ledgerKeyOf(vendorCode, win.transactionId)}:jackpot`,
      reference: referenceOf(vendorCode, win.round),
      fingerprint: win.fingerprint,
    },
    { events: call.events, now: call.now },
  );
  const entry = transfer?.entries.find((posted) => posted.accountId === memberAccountId);
  if (!transfer || !entry) return null;
  return { transfer, balanceMinor: entry.balanceAfterMinor, amountMinor: entry.amountMinor };
};

const decideCredit = async (
  tx: Db,
  call: VendorCall,
  body: CreditBody,
): Promise<Outcome<VendorTransactionResult>> => {
  const scope = scopeOf(call.caller);
  const fingerprint = sha256Of([
    'credit',
    body.playerId,
    body.roundId,
    body.currency,
    body.amountMinor,
    body.roundClosed,
    body.jackpot,
  ]);
  const prior = await repository.lockTransaction(tx, scope, body.transactionId);
  if (prior) return priorResult(prior, fingerprint);
  const currency = await requireCurrency(tx, scope.merchantId, body.currency);
  const round = await repository.lockRound(tx, scope, body.roundId);
  // Another player's round is as unknown to this player as one never opened.
  if (round?.member_id !== body.playerId) throw new AppError('VENDOR_ROUND_NOT_FOUND');
  if (round.status !== 'open') throw new AppError('VENDOR_ROUND_CLOSED');
  if (body.jackpot && !offersJackpot(call.caller)) throw new AppError('VENDOR_JACKPOT_NOT_OFFERED');
  const winMinor = BigInt(body.amountMinor);
  const won =
    winMinor > 0n
      ? await moveRoundMoney(tx, call, {
          round,
          type: 'win',
          transactionId: body.transactionId,
          amountMinor: winMinor,
          fingerprint,
        })
      : null;
  // Play money never wins the real pool.
  const jackpot =
    body.jackpot && !round.play_money
      ? await payJackpotOf(tx, call, { round, transactionId: body.transactionId, fingerprint })
      : null;
  const moved = jackpot ?? won;
  const amountMinor = winMinor + (jackpot?.amountMinor ?? 0n);
  const roundStatus = body.roundClosed ? 'settled' : 'open';
  await repository.updateRound(tx, round.id, {
    creditMinor: amountMinor,
    ...(body.roundClosed ? { status: 'settled' as const } : {}),
    at: call.now,
  });
  const value = resultOf(body, currency, {
    transferId: moved?.transfer.transferId ?? null,
    balanceMinor:
      moved?.balanceMinor ??
      (await walletBalance(
        tx,
        scope.merchantId,
        Number(round.member_id),
        memberWalletOf(round, scope.vendorCode),
      )),
    roundStatus,
  });
  return appliedOutcome(call, {
    kind: 'credit',
    transactionId: body.transactionId,
    round,
    amountMinor,
    referenceId: null,
    fingerprint,
    ledgerTransferId: moved?.transfer.transferId ?? null,
    value,
  });
};

/**
 * A rollback of a debit never seen: the debit's id is remembered as void, so the debit is
 * refused if it arrives late (reliability checklist A5), and the vendor hears that nothing
 * was taken. Committed, though the answer is a refusal.
 */
const voidUnseenDebit = (
  call: VendorCall,
  body: VendorRollbackRequest,
): Outcome<VendorTransactionResult> => {
  const error = new AppError('VENDOR_TRANSACTION_NOT_FOUND');
  return {
    ok: false,
    error,
    record: {
      ...scopeOf(call.caller),
      transactionId: body.referenceTransactionId,
      kind: 'debit',
      state: 'void',
      roundRef: null,
      memberId: null,
      amountMinor: null,
      referenceId: null,
      requestHash: sha256Of(['void', body.referenceTransactionId]),
      ledgerTransferId: null,
      result: { code: error.code },
      at: call.now,
    },
  };
};

const decideRollback = async (
  tx: Db,
  call: VendorCall,
  body: VendorRollbackRequest,
): Promise<Outcome<VendorTransactionResult>> => {
  const scope = scopeOf(call.caller);
  const fingerprint = sha256Of([
    'rollback',
    body.playerId,
    body.roundId,
    body.referenceTransactionId,
  ]);
  const prior = await repository.lockTransaction(tx, scope, body.transactionId);
  if (prior) return priorResult(prior, fingerprint);
  const debit = await repository.lockTransaction(tx, scope, body.referenceTransactionId);
  if (!debit) return voidUnseenDebit(call, body);
  if (debit.kind !== 'debit' || debit.state === 'void' || debit.member_id !== body.playerId)
    throw new AppError('VENDOR_TRANSACTION_NOT_FOUND');
  // Cancelled already, by another rollback id: its answer stands, nothing is paid twice.
  if (debit.state === 'rolled_back')
    return {
      ok: true,
      value: (await repository.findRollbackOf(tx, scope, body.referenceTransactionId))
        .result as VendorTransactionResult,
    };
  if (!debit.round_ref || debit.amount_minor === null)
    throw new Error(`applied debit ${body.referenceTransactionId} without round or amount`);
  const round = await repository.lockRoundById(tx, debit.round_ref);
  if (round.round_id !== body.roundId) throw new AppError('VENDOR_TRANSACTION_NOT_FOUND');
  if (round.status !== 'open') throw new AppError('VENDOR_ROUND_CLOSED');
  const amountMinor = BigInt(debit.amount_minor);
  const moved = await moveRoundMoney(tx, call, {
    round,
    type: 'rollback',
    transactionId: body.transactionId,
    amountMinor,
    fingerprint,
  });
  await repository.markRolledBack(tx, scope, body.referenceTransactionId);
  // Every bet taken back and nothing won: the round never happened.
  const cancelled =
    BigInt(round.rollback_minor) + amountMinor === BigInt(round.debit_minor) &&
    BigInt(round.credit_minor) === 0n;
  await repository.updateRound(tx, round.id, {
    rollbackMinor: amountMinor,
    ...(cancelled ? { status: 'cancelled' as const } : {}),
    at: call.now,
  });
  const { currency } = await readMerchantCurrency(tx, scope.merchantId);
  const value = resultOf(body, currency, {
    transferId: moved.transfer.transferId,
    balanceMinor: moved.balanceMinor,
    roundStatus: cancelled ? 'cancelled' : 'open',
  });
  return appliedOutcome(call, {
    kind: 'rollback',
    transactionId: body.transactionId,
    round,
    amountMinor,
    referenceId: body.referenceTransactionId,
    fingerprint,
    ledgerTransferId: moved.transfer.transferId,
    value,
  });
};

const answer = <B extends { idempotencyKey: string }, V>(
  call: VendorCall,
  name: string,
  body: B,
  decide: (tx: Db, call: VendorCall, body: B) => Promise<Outcome<V>>,
  prepare?: () => Promise<unknown>,
): Promise<VendorAnswer> =>
  answerOnce(
    call.db,
    {
      scope: scopeOf(call.caller),
      idempotencyKey: body.idempotencyKey,
      call: name,
      body,
      requestId: call.requestId,
      now: call.now,
      ...(prepare ? { prepare } : {}),
    },
    (tx) => decide(tx, call, body),
  );

/** A bet (POST /vendor/v1/debit). */
export const answerDebit = (call: VendorCall, body: VendorDebitRequest) => {
  let checks: DebitChecks | null = null;
  return answer(
    call,
    'debit',
    body,
    (tx) => decideDebit(tx, call, body, (checks ??= readDebitChecks(call, body))),
    () => settledChecks((checks = readDebitChecks(call, body))),
  );
};

/** A win (POST /vendor/v1/credit). */
export const answerCredit = (call: VendorCall, body: CreditBody) =>
  answer(call, 'credit', body, decideCredit);

/** A cancelled bet (POST /vendor/v1/rollback). */
export const answerRollback = (call: VendorCall, body: VendorRollbackRequest) =>
  answer(call, 'rollback', body, decideRollback);

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
