import type { Currency, VendorTransactionResult } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import {
  houseAccountIdOf,
  houseShardOf,
  memberAccountIdOf,
  moveEntries,
  type HouseAccount,
  type LedgerEvents,
  type MemberWallet,
  type TransferRequest,
  type TransferType,
} from '../ledger/index.ts';
import { betEntries } from './jackpot-pool.ts';
import type { Outcome } from './vendor-answers.ts';
import type { VendorCaller } from './vendor-credentials.service.ts';
import type { RoundRow, TransactionRow, VendorScope } from './vendor-wallet.repository.ts';

/**
 * What every vendor money call shares, whether it is answered alone (credit, rollback) or in a
 * batch (debit): the round's ledger transfer and the result it answers; credits and rollbacks
 * also build here the record they keep.
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

const TRIAL_TYPE = 4;

export const scopeOf = (caller: VendorCaller): VendorScope => ({
  merchantId: caller.merchantId,
  vendorCode: caller.vendorCode,
});

/** The ledger key of a vendor transaction: unique per merchant, as the ledger wants. */
export const ledgerKeyOf = (vendorCode: string, transactionId: string) =>
  `vendor:${vendorCode}:${transactionId}`;

export const currencyOf = (merchant: Currency, currency: string): string => {
  if (merchant.currency !== currency) throw new AppError('VENDOR_CURRENCY_MISMATCH');
  return merchant.currency;
};

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
export const walletOfNewRound = (
  memberType: number,
  singleWallet: boolean,
): { wallet: 'main' | 'vendor'; playMoney: boolean } =>
  memberType === TRIAL_TYPE
    ? { wallet: 'main', playMoney: true }
    : { wallet: singleWallet ? 'main' : 'vendor', playMoney: false };

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

/**
 * The outcome of a credit or rollback that moved (or settled) a round: its value, and the
 * transaction id it records beside its answer. A debit batch writes its records in its own
 * statement (vendor_debit_post).
 */
export const appliedOutcome = (
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
