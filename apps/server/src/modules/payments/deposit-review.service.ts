import type { DepositStatus, OpsDeposit } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { retryTransaction } from '../../db/retry.ts';
import { AppError } from '../../shared/app-error.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import type { LedgerEvents } from '../ledger/index.ts';
import type { MessagesEvents } from '../messages/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findMerchantByCode, type MerchantRef } from '../system/index.ts';
import { creditDeposit } from './deposit-credit.ts';
import { tellDepositDecided } from './deposit-notices.ts';
import * as repository from './deposit.repository.ts';
import type { DepositRow } from './deposit.repository.ts';
import { toOpsDeposit, viewDepositPage } from './deposit-views.ts';

const merchantOf = async (db: Db, code: string): Promise<MerchantRef> => {
  const merchant = await findMerchantByCode(db, code);
  if (!merchant) throw new AppError('NOT_FOUND');
  return merchant;
};

/** A merchant's deposits for operators: the pending queue oldest first, others newest first. */
export const findOpsDeposits = async (
  db: Db,
  merchantCode: string,
  query: { status: DepositStatus; pageNo: number; pageSize: number; cursor?: string | undefined },
) => {
  const merchant = await merchantOf(db, merchantCode);
  return viewDepositPage(
    db,
    {
      merchantId: merchant.id,
      memberId: null,
      status: query.status,
      from: null,
      to: null,
      first: query.status === 'pending' ? 'oldest' : 'newest',
    },
    query,
    toOpsDeposit,
  );
};

export type OperatorDecision = {
  merchantCode: string;
  depositId: string;
  reason: string;
  actor: string;
  now: Date;
  events?: EventSink<LedgerEvents & MessagesEvents> | undefined;
};

const snapshotOf = (row: DepositRow) => ({
  status: row.status,
  amountMinor: row.amount_minor,
  memberId: row.member_id,
  transferId: row.transfer_id,
  rejectReason: row.reject_reason,
});

/**
 * Runs one operator decision on a deposit under its row lock, in one transaction with its
 * ledger transfer and its audit row. `already` is the status that means the decision was made
 * before: it is answered unchanged (an operator's retry), any other decided status refuses.
 */
const decide = (
  db: Db,
  decision: OperatorDecision,
  already: DepositStatus,
  apply: (tx: Db, row: DepositRow) => Promise<repository.Decision>,
): Promise<OpsDeposit> =>
  retryTransaction(db, async (tx) => {
    const merchant = await merchantOf(tx, decision.merchantCode);
    const row = await repository.lockDeposit(tx, merchant.id, decision.depositId);
    if (!row) throw new AppError('DEPOSIT_NOT_FOUND');
    if (row.status === already) return toOpsDeposit(row);
    if (row.status !== 'pending') throw new AppError('DEPOSIT_ALREADY_DECIDED');
    const outcome = await apply(tx, row);
    await repository.decideDeposit(tx, row.id, outcome, decision.actor, decision.now);
    const after = await repository.getDeposit(tx, row.id);
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: decision.actor,
      action: `deposit.${already === 'approved' ? 'approve' : 'reject'}`,
      target: `deposit:${row.id}`,
      reason: decision.reason,
      before: snapshotOf(row),
      after: snapshotOf(after),
    });
    return toOpsDeposit(after);
  });

/**
 * Approves a pending deposit: the member's main wallet is credited once (issue 4 item 9) and
 * the member is told by a platform message.
 */
export const approveDeposit = (db: Db, decision: OperatorDecision): Promise<OpsDeposit> =>
  decide(db, decision, 'approved', async (tx, row) => {
    const transfer = await creditDeposit(tx, row, decision);
    await tellDepositDecided(tx, row, { status: 'approved' }, decision);
    return { status: 'approved', transferId: transfer.transferId };
  });

/** Rejects a pending deposit with the reason its member is shown and told; nothing moves. */
export const rejectDeposit = (db: Db, decision: OperatorDecision): Promise<OpsDeposit> =>
  decide(db, decision, 'rejected', async (tx, row) => {
    await tellDepositDecided(tx, row, { status: 'rejected', reason: decision.reason }, decision);
    return { status: 'rejected', reason: decision.reason };
  });
