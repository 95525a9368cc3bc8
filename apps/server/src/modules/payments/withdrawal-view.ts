import { type OpsWithdrawal, type Withdrawal, type WithdrawalDispute } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import { getMerchantBrand } from '../system/index.ts';
import { maskAccountNumber } from './bank-card.service.ts';
import {
  countWithdrawals,
  findDisputes,
  findProofIds,
  findWithdrawalPage,
  type DisputeRow,
  type WithdrawalRow,
  type WithdrawalSelection,
} from './withdrawal.repository.ts';

/** Withdrawal rows as the contract shows them, to the member (masked) or an operator (whole). */

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export const toWithdrawal = (
  row: WithdrawalRow,
  proofIds: readonly string[],
  dispute: DisputeRow | undefined,
): Withdrawal => ({
  id: row.id,
  amountMinor: row.amount_minor,
  status: row.status,
  payee: {
    kind: row.payee_kind,
    bankName: row.payee_bank_name,
    walletType: row.payee_wallet_type,
    accountName: row.payee_account_name,
    accountNumberMasked: maskAccountNumber(row.payee_account_number),
  },
  requestedAt: row.requested_at.toISOString(),
  decidedAt: iso(row.decided_at),
  rejectReason: row.status === 'rejected' ? row.decision_reason : null,
  paidAt: iso(row.paid_at),
  confirmDeadlineAt: iso(row.confirm_deadline_at),
  // A timed-out withdrawal counts as received at its deadline.
  confirmedAt: row.timed_out ? iso(row.confirm_deadline_at) : iso(row.confirmed_at),
  confirmedBy: row.timed_out ? 'timeout' : row.confirmed_by,
  remainingMinor: row.remaining_minor,
  proofIds: [...proofIds],
  dispute: dispute ? { status: dispute.status, refundedMinor: dispute.refunded_minor } : null,
});

export const toOpsWithdrawal = (
  row: WithdrawalRow,
  proofIds: readonly string[],
  dispute: DisputeRow | undefined,
): OpsWithdrawal => ({
  ...toWithdrawal(row, proofIds, dispute),
  memberId: row.member_id,
  username: row.username,
  payeeAccountNumber: row.payee_account_number,
  decidedBy: row.decided_by,
  decisionReason: row.decision_reason,
});

/** Rows with their proofs and disputes, read in two queries for the whole page. */
export const viewWithdrawals = async <T>(
  db: Db,
  rows: readonly WithdrawalRow[],
  view: (row: WithdrawalRow, proofIds: readonly string[], dispute: DisputeRow | undefined) => T,
): Promise<T[]> => {
  const ids = rows.map((row) => row.id);
  const [proofs, disputes] = await Promise.all([findProofIds(db, ids), findDisputes(db, ids)]);
  return rows.map((row) => view(row, proofs.get(row.id) ?? [], disputes.get(row.id)));
};

export const toDispute = (
  dispute: DisputeRow,
  withdrawal: WithdrawalRow,
  proofIds: readonly string[],
): WithdrawalDispute => ({
  id: dispute.id,
  withdrawalId: withdrawal.id,
  memberId: withdrawal.member_id,
  username: withdrawal.username,
  kind: dispute.kind,
  amountMinor: withdrawal.amount_minor,
  missingMinor: dispute.missing_minor,
  proofIds: [...proofIds],
  status: dispute.status,
  openedAt: dispute.opened_at.toISOString(),
  resolvedAt: iso(dispute.resolved_at),
  refundedMinor: dispute.refunded_minor,
  payee: {
    kind: withdrawal.payee_kind,
    bankName: withdrawal.payee_bank_name,
    walletType: withdrawal.payee_wallet_type,
    accountName: withdrawal.payee_account_name,
    accountNumber: withdrawal.payee_account_number,
  },
});

/**
 * One page of withdrawals in the merchant's currency, days in its zone, each row viewed: read
 * by the cursor of the page beside it or, without one, by its number within the counted rows,
 * and counted up to `MAX_COUNTED_ROWS` (decision 016). A page past the last is empty.
 */
export const viewWithdrawalPage = async <T>(
  db: Db,
  selection: Omit<WithdrawalSelection, 'timeZone'>,
  paging: { pageNo: number; pageSize: number; cursor?: string | undefined },
  view: (row: WithdrawalRow, proofIds: readonly string[], dispute: DisputeRow | undefined) => T,
) => {
  const brand = await getMerchantBrand(db, selection.merchantId);
  const chosen = { ...selection, timeZone: brand.timeZone };
  const page = await readKeysetPage(
    paging,
    {
      rows: (start, limit) => findWithdrawalPage(db, { ...chosen, start, limit }),
      count: (limit) => countWithdrawals(db, chosen, limit),
      keyOf: (row) => ({ atMicros: row.requested_at_micros, id: row.id }),
    },
    (rows) => viewWithdrawals(db, rows, view),
  );
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    ...page,
  };
};
