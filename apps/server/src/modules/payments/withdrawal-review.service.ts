import type {
  DisputeStatus,
  OpsWithdrawal,
  ProofImageData,
  WithdrawalDispute,
  WithdrawalStatus,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { retryTransaction } from '../../db/retry.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  type PostOptions,
} from '../ledger/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import { readProof } from './withdrawal-confirmation.service.ts';
import type { ProofStore } from './withdrawal-proof-store.ts';
import {
  closeDispute,
  findDispute,
  findMerchantDisputes,
  findProofIds,
  findWithdrawal,
  markPaid,
  markRejected,
  type DisputeRow,
  type WithdrawalRow,
} from './withdrawal.repository.ts';
import { getWithdrawalRules } from './withdrawal-settings.repository.ts';
import { getOpsMerchant } from './withdrawal-settings.service.ts';
import {
  toDispute,
  toOpsWithdrawal,
  viewWithdrawalPage,
  viewWithdrawals,
} from './withdrawal-view.ts';

/**
 * The operator's side of withdrawals (issue 4 item 9): pay (held money leaves to the house's
 * cash_out) or reject (it returns to the main wallet), each once, with the audit row in the
 * same transaction; and the disputes members open after payout. A second identical decision
 * answers the withdrawal as it stands and writes nothing; the opposite one is refused.
 */
export type Decision = { reason: string; actor: string; now: Date };

const PAID_STATUSES: readonly WithdrawalStatus[] = [
  'paid',
  'received',
  'partly_received',
  'not_received',
];

const viewOps = async (db: Db, row: WithdrawalRow): Promise<OpsWithdrawal> => {
  const [view] = await viewWithdrawals(db, [row], toOpsWithdrawal);
  if (!view) throw new Error(`withdrawal ${row.id} has no view`);
  return view;
};

export const findOpsWithdrawals = async (
  db: Db,
  merchantCode: string,
  query: {
    status: WithdrawalStatus;
    pageNo: number;
    pageSize: number;
    cursor?: string | undefined;
  },
  now: Date,
) => {
  const merchant = await getOpsMerchant(db, merchantCode);
  return viewWithdrawalPage(
    db,
    {
      merchantId: merchant.id,
      memberId: null,
      status: query.status,
      from: null,
      to: null,
      first: 'oldest',
      now,
    },
    query,
    toOpsWithdrawal,
  );
};

const getLocked = async (
  tx: Db,
  merchantId: number,
  withdrawalId: string,
  now: Date,
): Promise<WithdrawalRow> => {
  const row = await findWithdrawal(tx, now, { merchantId, withdrawalId }, true);
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  return row;
};

const decide = async (
  db: Db,
  merchantCode: string,
  withdrawalId: string,
  decision: Decision & { approve: boolean },
  options: PostOptions,
): Promise<OpsWithdrawal> => {
  const { now } = decision;
  const row = await retryTransaction(db, async (tx) => {
    const merchant = await getOpsMerchant(tx, merchantCode);
    const current = await getLocked(tx, merchant.id, withdrawalId, now);
    const done = decision.approve
      ? PAID_STATUSES.includes(current.status)
      : current.status === 'rejected';
    if (done) return current;
    if (current.status !== 'pending') throw new AppError('WITHDRAWAL_ALREADY_REVIEWED');
    const memberId = Number(current.member_id);
    const locked = await getOrCreateMemberAccount(tx, merchant.id, memberId, { kind: 'locked' });
    const to = decision.approve
      ? await getOrCreateHouseAccount(tx, merchant.id, { kind: 'cash_out' })
      : await getOrCreateMemberAccount(tx, merchant.id, memberId, { kind: 'main' });
    const transfer = await postTransfer(
      tx,
      {
        merchantId: merchant.id,
        type: 'withdrawal',
        idempotencyKey: `withdrawal:${withdrawalId}:${decision.approve ? 'pay' : 'refund'}`,
        reference: `withdrawal:${withdrawalId}`,
        entries: moveEntries(locked.id, to.id, BigInt(current.amount_minor)),
      },
      { ...options, now },
    );
    const change = { now, actor: decision.actor, reason: decision.reason };
    if (decision.approve) {
      const rules = await getWithdrawalRules(tx, merchant.id);
      const deadline = new Date(now.getTime() + rules.confirmMinutes * 60_000);
      await markPaid(tx, withdrawalId, { ...change, transferId: transfer.transferId, deadline });
    } else {
      await markRejected(tx, withdrawalId, { ...change, transferId: transfer.transferId });
    }
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: decision.actor,
      action: decision.approve ? 'withdrawal.pay' : 'withdrawal.reject',
      target: `withdrawal:${withdrawalId}`,
      reason: decision.reason,
      before: { status: current.status, amountMinor: current.amount_minor },
      after: {
        status: decision.approve ? 'paid' : 'rejected',
        amountMinor: current.amount_minor,
        transferId: transfer.transferId,
      },
    });
    return getLocked(tx, merchant.id, withdrawalId, now);
  });
  return viewOps(db, row);
};

export const approveWithdrawal = (
  db: Db,
  merchantCode: string,
  withdrawalId: string,
  decision: Decision,
  options: PostOptions = {},
) => decide(db, merchantCode, withdrawalId, { ...decision, approve: true }, options);

export const rejectWithdrawal = (
  db: Db,
  merchantCode: string,
  withdrawalId: string,
  decision: Decision,
  options: PostOptions = {},
) => decide(db, merchantCode, withdrawalId, { ...decision, approve: false }, options);

const viewDisputes = async (
  db: Db,
  merchantId: number,
  disputes: readonly DisputeRow[],
  now: Date,
): Promise<WithdrawalDispute[]> => {
  const proofs = await findProofIds(
    db,
    disputes.map((dispute) => dispute.withdrawal_id),
  );
  return Promise.all(
    disputes.map(async (dispute) => {
      const withdrawal = await findWithdrawal(db, now, {
        merchantId,
        withdrawalId: dispute.withdrawal_id,
      });
      if (!withdrawal) throw new Error(`dispute ${dispute.id} without its withdrawal`);
      return toDispute(dispute, withdrawal, proofs.get(dispute.withdrawal_id) ?? []);
    }),
  );
};

export const findWithdrawalDisputes = async (
  db: Db,
  merchantCode: string,
  status: DisputeStatus | undefined,
  now: Date,
) => {
  const merchant = await getOpsMerchant(db, merchantCode);
  const [brand, disputes] = await Promise.all([
    getMerchantBrand(db, merchant.id),
    findMerchantDisputes(db, merchant.id, status),
  ]);
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    list: await viewDisputes(db, merchant.id, disputes, now),
  };
};

export type DisputeResolution =
  | { outcome: 'refund'; refundMinor: string; reason: string }
  | { outcome: 'dismiss'; reason: string };

const sameResolution = (dispute: DisputeRow, resolution: DisputeResolution): boolean =>
  resolution.outcome === 'refund'
    ? dispute.status === 'refunded' && dispute.refunded_minor === resolution.refundMinor
    : dispute.status === 'dismissed';

/**
 * Closes a dispute once: a refund pays back what did not arrive (house cash_out -> the main
 * wallet, at most the missing amount), a dismissal moves nothing. Audit-logged with it.
 */
export const resolveWithdrawalDispute = async (
  db: Db,
  merchantCode: string,
  disputeId: string,
  resolution: DisputeResolution,
  context: { actor: string; now: Date },
  options: PostOptions = {},
): Promise<WithdrawalDispute> => {
  const { now } = context;
  const merchantId = await retryTransaction(db, async (tx) => {
    const merchant = await getOpsMerchant(tx, merchantCode);
    const dispute = await findDispute(tx, merchant.id, disputeId, true);
    if (!dispute) throw new AppError('WITHDRAWAL_DISPUTE_NOT_FOUND');
    if (sameResolution(dispute, resolution)) return merchant.id;
    if (dispute.status !== 'open') throw new AppError('WITHDRAWAL_DISPUTE_CLOSED');
    let refundedMinor: bigint | null = null;
    let transferId: number | null = null;
    if (resolution.outcome === 'refund') {
      refundedMinor = BigInt(resolution.refundMinor);
      if (refundedMinor > BigInt(dispute.missing_minor))
        throw new AppError('WITHDRAWAL_REMAINING_OUT_OF_RANGE');
      const withdrawal = await getLocked(tx, merchant.id, dispute.withdrawal_id, now);
      const cashOut = await getOrCreateHouseAccount(tx, merchant.id, { kind: 'cash_out' });
      const main = await getOrCreateMemberAccount(tx, merchant.id, Number(withdrawal.member_id), {
        kind: 'main',
      });
      const transfer = await postTransfer(
        tx,
        {
          merchantId: merchant.id,
          type: 'withdrawal',
          idempotencyKey: `withdrawal:${dispute.withdrawal_id}:dispute-refund`,
          reference: `withdrawal:${dispute.withdrawal_id}`,
          entries: moveEntries(cashOut.id, main.id, refundedMinor),
        },
        { ...options, now },
      );
      transferId = transfer.transferId;
    }
    const status = resolution.outcome === 'refund' ? 'refunded' : 'dismissed';
    await closeDispute(tx, disputeId, {
      status,
      now,
      actor: context.actor,
      reason: resolution.reason,
      refundedMinor,
      transferId,
    });
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: context.actor,
      action: `withdrawal.dispute.${resolution.outcome}`,
      target: `withdrawal-dispute:${disputeId}`,
      reason: resolution.reason,
      before: { status: dispute.status, missingMinor: dispute.missing_minor },
      after: { status, refundedMinor: refundedMinor?.toString() ?? null, transferId },
    });
    return merchant.id;
  });
  const dispute = await findDispute(db, merchantId, disputeId);
  if (!dispute) throw new AppError('WITHDRAWAL_DISPUTE_NOT_FOUND');
  const [view] = await viewDisputes(db, merchantId, [dispute], now);
  if (!view) throw new Error(`dispute ${disputeId} has no view`);
  return view;
};

export const getOpsWithdrawalProof = async (
  db: Db,
  store: ProofStore,
  merchantCode: string,
  withdrawalId: string,
  proofId: string,
  now: Date,
): Promise<ProofImageData> => {
  const merchant = await getOpsMerchant(db, merchantCode);
  const withdrawal = await findWithdrawal(db, now, { merchantId: merchant.id, withdrawalId });
  if (!withdrawal) throw new AppError('WITHDRAWAL_NOT_FOUND');
  return readProof(db, store, withdrawal, proofId);
};
