import type { VendorRollbackRequest, VendorTransactionResult } from '@lanna/contract';
import type { VendorCreditRequestSchema } from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  lockHouseShards,
  memberAccountIdOf,
  postTransfer,
  type PostedTransfer,
  type PostOptions,
  type TransferType,
} from '../ledger/index.ts';
import { readMerchantCurrency } from '../system/index.ts';
import type { VendorCaller } from './vendor-credentials.service.ts';
import * as repository from './vendor-wallet.repository.ts';
import type { RoundRow } from './vendor-wallet.repository.ts';
import {
  answerOnce,
  ledgerKeyOf,
  memberWalletOf,
  offersJackpot,
  priorResult,
  referenceOf,
  requireCurrency,
  resultOf,
  roundTransferOf,
  scopeOf,
  sha256Of,
  walletBalance,
  type Outcome,
  type VendorAnswer,
  type VendorCall,
} from './vendor-wallet.service.ts';

/**
 * Wins and rollbacks (POST /vendor/v1/credit and rollback): the calls that pay a round's money
 * back to the player, each answered once per idempotency key and decided alone in one
 * transaction (vendor-wallet.service.ts holds the rules they share with bets). Neither needs a
 * live player token, so a win still lands after the sitting ends.
 */

type CreditBody = z.output<typeof VendorCreditRequestSchema>;

/**
 * Pays the whole jackpot pool (decision 009), every shard of it, to a member account, under the
 * shards' row locks so no bet's share lands between reading and paying. Called after the
 * round's win is posted, so the pool's locks are the last taken, as in a bet; a rare deadlock
 * with a bet is retried by the transaction. An empty pool pays nothing and posts nothing.
 */
const payJackpot = async (
  tx: Db,
  posting: {
    caller: VendorCaller;
    memberAccountId: number;
    idempotencyKey: string;
    reference: string;
    fingerprint: string;
  },
  options: PostOptions,
): Promise<PostedTransfer | null> => {
  if (!offersJackpot(posting.caller)) throw new AppError('VENDOR_JACKPOT_NOT_OFFERED');
  const shards = await lockHouseShards(tx, posting.caller.merchantId, { kind: 'jackpot' });
  const paying = shards.filter((shard) => shard.balanceMinor > 0n);
  const amountMinor = paying.reduce((sum, shard) => sum + shard.balanceMinor, 0n);
  if (amountMinor <= 0n) return null;
  return postTransfer(
    tx,
    {
      merchantId: posting.caller.merchantId,
      type: 'win',
      idempotencyKey: posting.idempotencyKey,
      reference: posting.reference,
      entries: [
        ...paying.map((shard) => ({ accountId: shard.id, amountMinor: -shard.balanceMinor })),
        { accountId: posting.memberAccountId, amountMinor },
      ],
      fingerprint: posting.fingerprint,
    },
    options,
  );
};

/**
 * The outcome of a credit or rollback that moved (or settled) a round: its value, and the
 * transaction id it records beside its answer.
 */
const appliedOutcome = (
  call: VendorCall,
  applied: {
    kind: 'credit' | 'rollback';
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

/** A win (POST /vendor/v1/credit). */
export const answerCredit = (call: VendorCall, body: CreditBody): Promise<VendorAnswer> =>
  answerOnce(call, { call: 'credit', body }, (tx) => decideCredit(tx, call, body));

/** A cancelled bet (POST /vendor/v1/rollback). */
export const answerRollback = (
  call: VendorCall,
  body: VendorRollbackRequest,
): Promise<VendorAnswer> =>
  answerOnce(call, { call: 'rollback', body }, (tx) => decideRollback(tx, call, body));
