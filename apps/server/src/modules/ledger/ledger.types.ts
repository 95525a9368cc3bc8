import type { AppError } from '../../shared/app-error.ts';

/**
 * What a member's money sits in: the main wallet, a transfer wallet at one vendor, promotion
 * money under a turnover requirement (bonus), or money held from spending (locked: a
 * withdrawal between request and payout).
 */
export type MemberWallet =
  | { kind: 'main' }
  | { kind: 'bonus' }
  | { kind: 'locked' }
  | { kind: 'vendor'; vendorCode: string };

/**
 * The house side of every movement: where deposits come from (cash_in) and withdrawals go
 * (cash_out), game results per vendor, promotions, salaries, dividends, the jackpot, operator
 * adjustments, and the play money of trial members (kept apart so real-money reports skip it).
 */
export type HouseAccount =
  | {
      kind:
        | 'cash_in'
        | 'cash_out'
        | 'promotion'
        | 'salary'
        | 'dividend'
        | 'jackpot'
        | 'adjustment'
        | 'trial';
    }
  | { kind: 'game'; vendorCode: string };

export type AccountKind = MemberWallet['kind'] | HouseAccount['kind'];

export type LedgerAccount = {
  id: number;
  merchantId: number;
  owner: 'member' | 'house';
  memberId: number | null;
  kind: AccountKind;
  vendorCode: string | null;
  balanceMinor: bigint;
  frozen: boolean;
};

/** Every kind of money movement (issue 4; the account record filters by it). */
export type TransferType =
  | 'opening_balance'
  | 'trial_credit'
  | 'deposit'
  | 'withdrawal'
  | 'wallet_transfer'
  | 'member_transfer'
  | 'bet'
  | 'win'
  | 'rollback'
  | 'bonus'
  | 'rebate'
  | 'salary'
  | 'dividend'
  | 'points_exchange'
  | 'adjustment';

/** One side of a transfer: a signed amount on one account (credit positive, debit negative). */
export type Entry = { accountId: number; amountMinor: bigint };

/**
 * A transfer to post. `idempotencyKey` is unique per merchant: posting the same request again
 * returns the first result, posting another request under the key is refused. The request
 * hash covers the type, reference and entries; `fingerprint` adds whatever else the caller was
 * asked (a remark, a payee) that the entries do not show.
 */
export type TransferRequest = {
  merchantId: number;
  type: TransferType;
  idempotencyKey: string;
  reference?: string | null;
  entries: readonly Entry[];
  fingerprint?: string;
};

export type PostedEntry = Entry & { balanceAfterMinor: bigint };

export type PostedTransfer = {
  transferId: number;
  merchantId: number;
  type: TransferType;
  reference: string | null;
  idempotencyKey: string;
  postedAt: Date;
  /** In the order they were posted, each with its account's balance right after it. */
  entries: PostedEntry[];
  /** True when this answer is the stored result of an earlier post with the same key. */
  replayed: boolean;
};

/** One transfer's answer in a batch: each is accepted or refused on its own. */
export type TransferOutcome =
  { ok: true; transfer: PostedTransfer } | { ok: false; error: AppError };

/** A member wallet's balance after a committed transfer (pushed to the site by the realtime issue). */
export type BalanceChanged = {
  merchantId: number;
  memberId: number;
  accountId: number;
  wallet: MemberWallet;
  balanceMinor: bigint;
  transferId: number;
  transferType: TransferType;
  /** When the commit was seen (wall clock, not the app's): the frame's age at the member. */
  committedAt: Date;
};

/** The events the ledger publishes, after commit only. */
export type LedgerEvents = { balanceChanged: BalanceChanged };
