import type { Db } from '../../db/client.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  type LedgerEvents,
  type PostedTransfer,
} from '../ledger/index.ts';
import type { DepositRow } from './deposit.repository.ts';

/**
 * Credits a deposit's amount to its member's main wallet from the house's cash in: one ledger
 * transfer whose idempotency key is the deposit's, so whoever approves it (an operator, the
 * gateway's callback, both at once, or a retry) the member is credited exactly once. Runs inside
 * the caller's transaction, which holds the deposit's row lock.
 */
export const creditDeposit = async (
  tx: Db,
  deposit: DepositRow,
  options: { now: Date; events?: EventSink<LedgerEvents> | undefined },
): Promise<PostedTransfer> => {
  const merchantId = deposit.merchant_id;
  const cashIn = await getOrCreateHouseAccount(tx, merchantId, { kind: 'cash_in' });
  const main = await getOrCreateMemberAccount(tx, merchantId, Number(deposit.member_id), {
    kind: 'main',
  });
  return postTransfer(
    tx,
    {
      merchantId,
      type: 'deposit',
      idempotencyKey: `deposit:${deposit.id}`,
      reference: `deposit:${deposit.id}`,
      entries: moveEntries(cashIn.id, main.id, BigInt(deposit.amount_minor)),
    },
    { now: options.now, ...(options.events ? { events: options.events } : {}) },
  );
};
