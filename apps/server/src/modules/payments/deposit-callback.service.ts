import type { Db } from '../../db/client.ts';
import { retryTransaction } from '../../db/retry.ts';
import type { PaymentGateway } from '../../providers/payment-gateway/index.ts';
import { AppError } from '../../shared/app-error.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import type { LedgerEvents } from '../ledger/index.ts';
import type { MessagesEvents } from '../messages/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import { creditDeposit } from './deposit-credit.ts';
import { tellDepositDecided } from './deposit-notices.ts';
import * as repository from './deposit.repository.ts';

export type GatewayCallbackContext = {
  db: Db;
  gateway: PaymentGateway | null;
  merchantId: number;
  now: Date;
  events?: EventSink<LedgerEvents & MessagesEvents> | undefined;
};

export type SettledOrder = { orderId: string; status: 'approved' | 'failed' };

/**
 * The gateway's word on an order (issue 4 item 5). The signature is checked before anything is
 * read; the order must be one of this merchant's deposits, with the same payment, amount and
 * currency. Paid credits the member once (the ledger key is the deposit's), failed closes the
 * deposit; the same word again is acknowledged without effect, a contrary word is refused.
 */
export const settleGatewayDeposit = async (
  context: GatewayCallbackContext,
  fields: Readonly<Record<string, string>>,
): Promise<SettledOrder> => {
  const verified = context.gateway?.verifyCallback(fields) ?? null;
  if (!verified) throw new AppError('PAYMENT_SIGNATURE_INVALID');
  const brand = await getMerchantBrand(context.db, context.merchantId);
  const target = verified.status === 'paid' ? 'approved' : 'failed';
  return retryTransaction(context.db, async (tx) => {
    const row = await repository.lockDepositByOrder(tx, context.merchantId, verified.orderId);
    if (!row || (row.gateway_payment_id !== null && row.gateway_payment_id !== verified.paymentId))
      throw new AppError('PAYMENT_ORDER_UNKNOWN');
    if (verified.amountMinor !== BigInt(row.amount_minor) || verified.currency !== brand.currency)
      throw new AppError('PAYMENT_AMOUNT_MISMATCH');
    if (row.status === target) return { orderId: verified.orderId, status: target };
    if (row.status !== 'pending') throw new AppError('DEPOSIT_ALREADY_DECIDED');
    const decidedBy = `gateway:${context.gateway?.name ?? 'unknown'}`;
    if (target === 'approved') {
      const transfer = await creditDeposit(tx, row, context);
      await repository.decideDeposit(
        tx,
        row.id,
        { status: 'approved', transferId: transfer.transferId },
        decidedBy,
        context.now,
      );
      await tellDepositDecided(tx, row, { status: 'approved' }, context);
    } else {
      await repository.decideDeposit(tx, row.id, { status: 'failed' }, decidedBy, context.now);
    }
    return { orderId: verified.orderId, status: target };
  });
};
