/**
 * The model of the money property test (money-operations.property.test.ts): what every money
 * operation of issue 4 should answer and move, computed from plain in-memory state. Each
 * `expect*` function answers the code the server must give and, for a success, how the model
 * changes; the test sends the request, compares, and applies.
 */

export type Wallets = { main: bigint; vendor: bigint; locked: bigint };

export type DepositState = 'pending' | 'approved' | 'rejected';
export type WithdrawalState = 'pending' | 'paid' | 'rejected' | 'received' | 'partly_received';

export type Round = {
  id: string;
  member: number;
  status: 'open' | 'settled' | 'cancelled';
  credited: bigint;
  debits: { txn: string; amount: bigint; rolledBack: boolean }[];
};

export type KeyedKind = 'deposit' | 'withdrawal' | 'walletTransfer' | 'upline' | 'adjust';

/** A member's (or operator's) keyed request: the body hash it was accepted with, and its id. */
type Accepted = { hash: string; identity: string };

export type Model = {
  wallets: Wallets[];
  frozen: boolean[];
  maintenance: boolean;
  deposit: { minMinor: bigint; maxMinor: bigint };
  deposits: { id: string; member: number; amount: bigint; state: DepositState }[];
  withdrawals: {
    id: string;
    member: number;
    amount: bigint;
    state: WithdrawalState;
    remaining: bigint | null;
    dispute: { id: string | null; missing: bigint; refunded: boolean } | null;
  }[];
  rounds: Round[];
  /** Debit ids a rollback named before they were seen: refused when they come. */
  voided: Set<string>;
  accepted: Map<string, Accepted>;
  /** Ledger transfers the run should have made so far. */
  transfers: number;
  /** Keyed requests sent so far: what a replay picks from. */
  sent: number;
};

export const emptyModel = (members: number, deposit: Model['deposit']): Model => ({
  wallets: Array.from({ length: members }, () => ({ main: 0n, vendor: 0n, locked: 0n })),
  frozen: Array.from({ length: members }, () => false),
  maintenance: false,
  deposit,
  deposits: [],
  withdrawals: [],
  rounds: [],
  voided: new Set(),
  accepted: new Map(),
  transfers: 0,
  sent: 0,
});

/** What the server must answer: 'OK' or an error code, and the change a success makes. */
export type Expectation = { code: string; apply?: (value: unknown) => void };

const refuse = (code: string): Expectation => ({ code });
const ok = (apply?: (value: unknown) => void): Expectation =>
  apply ? { code: 'OK', apply } : { code: 'OK' };

const walletOf = (model: Model, member: number): Wallets => {
  const wallets = model.wallets[member];
  if (!wallets) throw new Error(`no member ${member}`);
  return wallets;
};

/** Maintenance, then a frozen member: the door every member-started movement passes. */
const door = (model: Model, member: number): Expectation | null => {
  if (model.maintenance) return refuse('MAINTENANCE');
  if (model.frozen[member]) return refuse('ACCOUNT_FROZEN');
  return null;
};

// ---- keyed requests of members and operators ----

export type KeyedBody = Record<string, unknown> & { idempotencyKey: string; amountMinor?: string };

/** What a key stands for: the request without its key and without any password. */
export const hashOfBody = (body: KeyedBody): string =>
  JSON.stringify(
    Object.entries(body)
      .filter(([name]) => name !== 'idempotencyKey' && name !== 'paymentPassword')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** Where a key is unique: per member, except the operator's adjustment keys (per merchant). */
export const scopeOf = (kind: KeyedKind, member: number, key: string): string =>
  kind === 'adjust'
    ? `adjust:${key}`
    : `${kind === 'upline' || kind === 'walletTransfer' ? 'wallet' : kind}:${member}:${key}`;

/** The id a keyed answer stands for: the same on every replay of the key. */
export const identityOf = (kind: KeyedKind, value: unknown): string => {
  const record = value as Record<string, unknown>;
  switch (kind) {
    case 'deposit':
      return (record.deposit as { id: string }).id;
    case 'withdrawal':
      return String(record.id);
    case 'walletTransfer':
      return JSON.stringify(record.movements);
    default:
      return String(record.transferId);
  }
};

const freshKeyed = (
  model: Model,
  kind: KeyedKind,
  member: number,
  body: KeyedBody,
): Expectation => {
  const wallets = walletOf(model, member);
  const amount = BigInt(body.amountMinor ?? '0');
  switch (kind) {
    case 'deposit': {
      const closed = door(model, member);
      if (closed) return closed;
      if (amount < model.deposit.minMinor || amount > model.deposit.maxMinor)
        return refuse('DEPOSIT_AMOUNT_OUT_OF_RANGE');
      return ok((value) => {
        const id = (value as { deposit: { id: string } }).deposit.id;
        model.deposits.push({ id, member, amount, state: 'pending' });
      });
    }
    case 'withdrawal': {
      const closed = door(model, member);
      if (closed) return closed;
      if (amount > wallets.main) return refuse('INSUFFICIENT_BALANCE');
      return ok((value) => {
        wallets.main -= amount;
        wallets.locked += amount;
        model.transfers += 1;
        const id = (value as { id: string }).id;
        model.withdrawals.push({
          id,
          member,
          amount,
          state: 'pending',
          remaining: null,
          dispute: null,
        });
      });
    }
    case 'walletTransfer': {
      const closed = door(model, member);
      if (closed) return closed;
      if (body.action === 'recycleAll')
        return ok(() => {
          if (wallets.vendor === 0n) return;
          wallets.main += wallets.vendor;
          wallets.vendor = 0n;
          model.transfers += 1;
        });
      const toVendor = body.action === 'toVendor';
      if (amount > (toVendor ? wallets.main : wallets.vendor))
        return refuse('INSUFFICIENT_BALANCE');
      return ok(() => {
        const sign = toVendor ? 1n : -1n;
        wallets.main -= sign * amount;
        wallets.vendor += sign * amount;
        model.transfers += 1;
      });
    }
    case 'upline': {
      const closed = door(model, member);
      if (closed) return closed;
      // Member 0 is the agent at the top: nobody above it.
      if (member === 0) return refuse('NO_UPLINE');
      if (amount > wallets.main) return refuse('INSUFFICIENT_BALANCE');
      return ok(() => {
        wallets.main -= amount;
        walletOf(model, 0).main += amount;
        model.transfers += 1;
      });
    }
    case 'adjust': {
      if (body.direction === 'debit') {
        if (model.frozen[member]) return refuse('ACCOUNT_FROZEN');
        if (amount > wallets.main) return refuse('INSUFFICIENT_BALANCE');
      }
      return ok(() => {
        wallets.main += body.direction === 'debit' ? -amount : amount;
        model.transfers += 1;
      });
    }
  }
};

/**
 * A keyed request, new or sent before: a key already accepted answers its first result when
 * the request is the same (and moves nothing) and IDEMPOTENCY_KEY_REUSED when it is not; a
 * key never accepted (new, or refused before: refusals are not kept) is decided afresh.
 */
export const expectKeyed = (
  model: Model,
  kind: KeyedKind,
  member: number,
  body: KeyedBody,
): Expectation & { replayOf?: string } => {
  const scope = scopeOf(kind, member, body.idempotencyKey);
  const earlier = model.accepted.get(scope);
  const hash = hashOfBody(body);
  if (earlier)
    return earlier.hash === hash
      ? { code: 'OK', replayOf: earlier.identity }
      : refuse('IDEMPOTENCY_KEY_REUSED');
  const fresh = freshKeyed(model, kind, member, body);
  const { apply } = fresh;
  if (!apply) return fresh;
  return ok((value) => {
    apply(value);
    model.accepted.set(scope, { hash, identity: identityOf(kind, value) });
  });
};

// ---- operator decisions ----

export const expectDepositDecision = (
  model: Model,
  index: number,
  approve: boolean,
): Expectation => {
  const deposit = model.deposits[index];
  if (!deposit) throw new Error(`no deposit ${index}`);
  const target: DepositState = approve ? 'approved' : 'rejected';
  if (deposit.state === target) return ok();
  if (deposit.state !== 'pending') return refuse('DEPOSIT_ALREADY_DECIDED');
  return ok(() => {
    deposit.state = target;
    if (approve) {
      walletOf(model, deposit.member).main += deposit.amount;
      model.transfers += 1;
    }
  });
};

export const expectWithdrawalDecision = (
  model: Model,
  index: number,
  pay: boolean,
): Expectation => {
  const withdrawal = model.withdrawals[index];
  if (!withdrawal) throw new Error(`no withdrawal ${index}`);
  const paidAlready = ['paid', 'received', 'partly_received'].includes(withdrawal.state);
  if (pay ? paidAlready : withdrawal.state === 'rejected') return ok();
  if (withdrawal.state !== 'pending') return refuse('WITHDRAWAL_ALREADY_REVIEWED');
  return ok(() => {
    const wallets = walletOf(model, withdrawal.member);
    wallets.locked -= withdrawal.amount;
    if (!pay) wallets.main += withdrawal.amount;
    withdrawal.state = pay ? 'paid' : 'rejected';
    model.transfers += 1;
  });
};

/** The member's answer after payout: received, or partly received with `remaining` missing. */
export const expectConfirmation = (
  model: Model,
  index: number,
  remaining: bigint | null,
): Expectation => {
  const withdrawal = model.withdrawals[index];
  if (!withdrawal) throw new Error(`no withdrawal ${index}`);
  const outcome: WithdrawalState = remaining === null ? 'received' : 'partly_received';
  if (withdrawal.state === outcome && withdrawal.remaining === remaining) return ok();
  if (withdrawal.state !== 'paid') return refuse('WITHDRAWAL_NOT_CONFIRMABLE');
  if (remaining !== null && remaining >= withdrawal.amount)
    return refuse('WITHDRAWAL_REMAINING_OUT_OF_RANGE');
  return ok(() => {
    withdrawal.state = outcome;
    withdrawal.remaining = remaining;
    if (remaining !== null) withdrawal.dispute = { id: null, missing: remaining, refunded: false };
  });
};

/** An operator refunds the whole missing amount of a dispute; once. */
export const expectRefund = (model: Model, index: number): Expectation => {
  const withdrawal = model.withdrawals[index];
  const dispute = withdrawal?.dispute;
  if (!withdrawal || !dispute) throw new Error(`no dispute on withdrawal ${index}`);
  if (dispute.refunded) return ok();
  return ok(() => {
    dispute.refunded = true;
    walletOf(model, withdrawal.member).main += dispute.missing;
    model.transfers += 1;
  });
};

// ---- the game provider ----

const roundTotals = (round: Round) => ({
  debited: round.debits.reduce((sum, debit) => sum + debit.amount, 0n),
  rolledBack: round.debits.reduce((sum, debit) => sum + (debit.rolledBack ? debit.amount : 0n), 0n),
});

/** A bet on a new round (`round` null) or on an existing one, under a transaction id. */
export const expectDebit = (
  model: Model,
  bet: { member: number; round: Round | null; roundId: string; txn: string; amount: bigint },
): Expectation => {
  if (model.voided.has(bet.txn)) return refuse('VENDOR_TRANSACTION_CANCELLED');
  const closed = door(model, bet.member);
  if (closed) return closed;
  if (bet.round && bet.round.member !== bet.member) return refuse('VENDOR_ROUND_CONFLICT');
  if (bet.round && bet.round.status !== 'open') return refuse('VENDOR_ROUND_CLOSED');
  const wallets = walletOf(model, bet.member);
  if (bet.amount > wallets.vendor) return refuse('INSUFFICIENT_BALANCE');
  return ok(() => {
    wallets.vendor -= bet.amount;
    model.transfers += 1;
    const round: Round = bet.round ?? {
      id: bet.roundId,
      member: bet.member,
      status: 'open',
      credited: 0n,
      debits: [],
    };
    if (!bet.round) model.rounds.push(round);
    round.debits.push({ txn: bet.txn, amount: bet.amount, rolledBack: false });
  });
};

export const expectCredit = (
  model: Model,
  round: Round,
  win: { amount: bigint; closes: boolean },
): Expectation => {
  if (round.status !== 'open') return refuse('VENDOR_ROUND_CLOSED');
  return ok(() => {
    walletOf(model, round.member).vendor += win.amount;
    if (win.amount > 0n) model.transfers += 1;
    round.credited += win.amount;
    if (win.closes) round.status = 'settled';
  });
};

/** A rollback of a debit the model knows, or (debit null) of one never seen. */
export const expectRollback = (
  model: Model,
  target: { round: Round; debit: Round['debits'][number] } | { unseen: string },
): Expectation => {
  if ('unseen' in target) {
    model.voided.add(target.unseen);
    return refuse('VENDOR_TRANSACTION_NOT_FOUND');
  }
  const { round, debit } = target;
  // Cancelled already by another rollback id: that answer stands, nothing moves again.
  if (debit.rolledBack) return ok();
  if (round.status !== 'open') return refuse('VENDOR_ROUND_CLOSED');
  return ok(() => {
    debit.rolledBack = true;
    walletOf(model, round.member).vendor += debit.amount;
    model.transfers += 1;
    const totals = roundTotals(round);
    if (totals.rolledBack === totals.debited && round.credited === 0n) round.status = 'cancelled';
  });
};
