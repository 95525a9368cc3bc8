import type {
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
import { getMember } from '../auth/index.ts';
import {
  findMemberAccounts,
  memberAccountIdOf,
  postTransfer,
  type MemberWallet,
  type PostedTransfer,
  type TransferType,
} from '../ledger/index.ts';
import { readMerchantCurrency } from '../system/index.ts';
import { isSingleWallet } from '../wallet/index.ts';
import { offersJackpot, payJackpot } from './jackpot-pool.ts';
import {
  answerOnce,
  rememberedAnswer,
  sha256Of,
  type IdempotentCall,
  type Outcome,
  type ReplayKey,
  type VendorAnswer,
} from './vendor-answers.ts';
import { answerDebitInBatch } from './vendor-debits.service.ts';
import {
  appliedOutcome,
  currencyOf,
  ledgerKeyOf,
  memberWalletOf,
  priorResult,
  referenceOf,
  resultOf,
  roundTransferOf,
  scopeOf,
  walletOfNewRound,
  type VendorCall,
} from './vendor-movements.ts';
import * as repository from './vendor-wallet.repository.ts';
import type { RoundRow } from './vendor-wallet.repository.ts';
import { requireLiveSession } from './vendor-session.service.ts';

export type { VendorCall } from './vendor-movements.ts';

type CreditBody = z.output<typeof VendorCreditRequestSchema>;

const requireCurrency = async (db: Db, merchantId: number, currency: string): Promise<string> =>
  currencyOf(await readMerchantCurrency(db, merchantId), currency);

/** Posts a win's or a rollback's transfer and answers the member's balance after it. */
const moveRoundMoney = async (
  tx: Db,
  call: VendorCall,
  movement: {
    round: RoundRow;
    type: Extract<TransferType, 'win' | 'rollback'>;
    transactionId: string;
    amountMinor: bigint;
    fingerprint: string;
  },
): Promise<{ transfer: PostedTransfer; balanceMinor: bigint }> => {
  const { request, memberAccountId } = await roundTransferOf(tx, call.caller, movement);
  const transfer = await postTransfer(tx, request, { events: call.events, now: call.now });
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
  name: IdempotentCall,
  body: B,
  decide: (tx: Db, call: VendorCall, body: B) => Promise<Outcome<V>>,
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
    },
    (tx) => decide(tx, call, body),
  );

/** A bet (POST /vendor/v1/debit), decided with the other bets of its batch. */
export const answerDebit = (call: VendorCall, body: VendorDebitRequest): Promise<VendorAnswer> =>
  answerDebitInBatch(call, body);

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

/**
 * The answer this node remembers for a call's replay key, as `answerDebit`, `answerCredit` and
 * `answerRollback` would give it again (IDEMPOTENCY_KEY_REUSED when the key's answer belongs to
 * another request); null when this node remembers none.
 */
export const rememberedReplay = (
  call: Pick<VendorCall, 'db' | 'caller'>,
  key: ReplayKey,
): VendorAnswer | null =>
  rememberedAnswer(
    call.db,
    { scope: scopeOf(call.caller), idempotencyKey: key.idempotencyKey },
    key.requestHash,
  );
