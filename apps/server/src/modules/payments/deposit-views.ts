import { pageCountOf, type Currency, type DepositRecord, type OpsDeposit } from '@lanna/contract';
import { toIso, toIsoOrNull } from '../../shared/clock.ts';
import type { DepositRow } from './deposit.repository.ts';

/** A deposit as its member sees it in the records. */
export const toDepositRecord = (row: DepositRow): DepositRecord => ({
  id: row.id,
  status: row.status,
  channelKind: row.channel_kind,
  channelName: row.channel_name,
  amountMinor: row.amount_minor,
  payerName: row.payer_name,
  reference: row.reference,
  rejectReason: row.reject_reason,
  createdAt: toIso(row.created_at),
  decidedAt: toIsoOrNull(row.decided_at),
});

/** A deposit as an operator reviews it. */
export const toOpsDeposit = (row: DepositRow): OpsDeposit => ({
  ...toDepositRecord(row),
  memberId: row.member_id,
  username: row.username,
  channelId: row.channel_id,
  gatewayPaymentId: row.gateway_payment_id,
  transferId: row.transfer_id,
  decidedBy: row.decided_by,
});

/** One page of deposits with the merchant's currency, as both lists answer it. */
export const depositPageOf = <Item>(
  brand: Currency,
  page: { rows: readonly DepositRow[]; total: number; pageNo: number; pageSize: number },
  view: (row: DepositRow) => Item,
) => ({
  currency: brand.currency,
  currencySymbol: brand.currencySymbol,
  currencyDecimals: brand.currencyDecimals,
  list: page.rows.map(view),
  pageNo: page.pageNo,
  pageSize: page.pageSize,
  ...pageCountOf(page.total, page.pageSize),
});
