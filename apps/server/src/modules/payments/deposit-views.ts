import { type DepositRecord, type OpsDeposit } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { toIso, toIsoOrNull } from '../../shared/clock.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import { getMerchantBrand } from '../system/index.ts';
import {
  countDeposits,
  findDepositPage,
  type DepositRow,
  type DepositSelection,
} from './deposit.repository.ts';

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

/**
 * One page of deposits in the merchant's currency, days in its zone, each row viewed: read by
 * the cursor of the page beside it or, without one, by its number within the counted rows, and
 * counted up to `MAX_COUNTED_ROWS` (decision 016). A page past the last is empty, not an error.
 */
export const viewDepositPage = async <Item>(
  db: Db,
  selection: Omit<DepositSelection, 'timeZone'>,
  paging: { pageNo: number; pageSize: number; cursor?: string | undefined },
  view: (row: DepositRow) => Item,
) => {
  const brand = await getMerchantBrand(db, selection.merchantId);
  const chosen = { ...selection, timeZone: brand.timeZone };
  const page = await readKeysetPage(
    paging,
    {
      rows: (start, limit) => findDepositPage(db, { ...chosen, start, limit }),
      count: (limit) => countDeposits(db, chosen, limit),
      keyOf: (row) => ({ atMicros: row.created_at_micros, id: row.id }),
    },
    (rows) => rows.map(view),
  );
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    ...page,
  };
};
