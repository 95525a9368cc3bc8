import { createHash, randomBytes } from 'node:crypto';
import {
  DEPOSIT_RETURN_PATH,
  receiveGatewayCallback,
  type CreatedDeposit,
  type CreateDepositRequest,
  type DepositChannel,
  type DepositChannels,
  type DepositPage,
  type DepositStatus,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { PaymentGatewayError, type PaymentGateway } from '../../providers/payment-gateway/index.ts';
import { AppError } from '../../shared/app-error.ts';
import { getMerchantBrand } from '../system/index.ts';
import { assertMoneyMovementAllowed } from '../wallet/index.ts';
import * as repository from './deposit.repository.ts';
import type { ChannelRow, DepositRow } from './deposit.repository.ts';
import { toDepositRecord, viewDepositPage } from './deposit-views.ts';

/** Who asks, where, and with what: the member's side of a deposit. */
export type DepositRequestContext = {
  db: Db;
  gateway: PaymentGateway | null;
  merchantId: number;
  memberId: number;
  /** The site the member is on: the gateway calls back and returns the member there. */
  siteOrigin: string;
  now: Date;
};

const toChannel = (row: ChannelRow): DepositChannel => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  bank:
    row.kind === 'bank_transfer'
      ? {
          bankName: row.bank_name ?? '',
          accountName: row.account_name ?? '',
          accountNumber: row.account_number ?? '',
        }
      : null,
  minMinor: row.min_minor,
  maxMinor: row.max_minor,
});

/** A gateway channel is offered only while a gateway is configured (PAYMENT_GATEWAY). */
const isOffered = (row: ChannelRow, gateway: PaymentGateway | null): boolean =>
  row.enabled && (row.kind === 'bank_transfer' || gateway !== null);

/** The merchant's deposit channels a member can use now, in the merchant's order. */
export const findDepositChannels = async (
  db: Db,
  gateway: PaymentGateway | null,
  merchantId: number,
): Promise<DepositChannels> => {
  const [brand, rows] = await Promise.all([
    getMerchantBrand(db, merchantId),
    repository.findEnabledChannels(db, merchantId),
  ]);
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    channels: rows.filter((row) => isOffered(row, gateway)).map(toChannel),
  };
};

// The request without its key: the same key must come with the same request.
const requestHashOf = (request: CreateDepositRequest): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        request.channelId,
        request.amountMinor,
        request.payerName ?? null,
        request.reference ?? null,
      ]),
    )
    .digest('hex');

const createdOf = (row: DepositRow): CreatedDeposit => ({
  deposit: toDepositRecord(row),
  checkoutUrl: row.checkout_url,
});

const replayOf = (row: DepositRow, requestHash: string): CreatedDeposit => {
  if (row.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return createdOf(row);
};

const usableChannel = async (
  context: DepositRequestContext,
  request: CreateDepositRequest,
): Promise<ChannelRow> => {
  const channel = await repository.findChannel(context.db, context.merchantId, request.channelId);
  if (!channel || !isOffered(channel, context.gateway))
    throw new AppError('DEPOSIT_CHANNEL_NOT_FOUND');
  const amountMinor = BigInt(request.amountMinor);
  if (amountMinor < BigInt(channel.min_minor) || amountMinor > BigInt(channel.max_minor))
    throw new AppError('DEPOSIT_AMOUNT_OUT_OF_RANGE');
  if (channel.kind === 'bank_transfer' && !request.payerName)
    throw new AppError('DEPOSIT_PAYER_NAME_REQUIRED');
  return channel;
};

/** Opens the gateway payment before anything is written: a refusal leaves no deposit behind. */
const openGatewayPayment = async (
  context: DepositRequestContext,
  gateway: PaymentGateway,
  channel: ChannelRow,
  amountMinor: bigint,
) => {
  const brand = await getMerchantBrand(context.db, context.merchantId);
  const orderId = `dep_${randomBytes(15).toString('base64url')}`;
  try {
    const opened = await gateway.openPayment({
      orderId,
      amountMinor,
      currency: brand.currency,
      method: channel.provider_key ?? '',
      notifyUrl: `${context.siteOrigin}${receiveGatewayCallback.path}`,
      returnUrl: `${context.siteOrigin}${DEPOSIT_RETURN_PATH}`,
      siteOrigin: context.siteOrigin,
    });
    return { orderId, ...opened };
  } catch (error) {
    if (error instanceof PaymentGatewayError)
      throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE', { cause: error });
    throw error;
  }
};

/**
 * A member asks to deposit (issue 4 item 5). Bank transfer: a pending deposit for an operator
 * to approve once the money is seen. Gateway: a payment opened at the gateway, whose checkout
 * the member is sent to; its signed callback settles the deposit. No money moves here. The
 * member's idempotency key makes it once-only: a replay answers the first deposit, a
 * concurrent twin finds the winner's row through the unique key.
 */
export const createDeposit = async (
  context: DepositRequestContext,
  request: CreateDepositRequest,
): Promise<CreatedDeposit> => {
  const { db, merchantId, memberId } = context;
  const requestHash = requestHashOf(request);
  const earlier = await repository.findDepositByKey(
    db,
    merchantId,
    memberId,
    request.idempotencyKey,
  );
  if (earlier) return replayOf(earlier, requestHash);
  // Maintenance and a frozen member stop new deposits at the door (issue 4, Acceptance).
  await assertMoneyMovementAllowed(db, { merchantId, memberId, now: context.now });
  const channel = await usableChannel(context, request);
  const amountMinor = BigInt(request.amountMinor);
  const isBank = channel.kind === 'bank_transfer';
  const gateway =
    !isBank && context.gateway
      ? await openGatewayPayment(context, context.gateway, channel, amountMinor)
      : null;
  const id = await repository.insertDeposit(db, {
    merchantId,
    memberId,
    channelId: channel.id,
    amountMinor,
    payerName: isBank ? (request.payerName ?? null) : null,
    reference: isBank ? (request.reference ?? null) : null,
    idempotencyKey: request.idempotencyKey,
    requestHash,
    gateway,
    createdAt: context.now,
  });
  if (id) return createdOf(await repository.getDeposit(db, id));
  const winner = await repository.findDepositByKey(
    db,
    merchantId,
    memberId,
    request.idempotencyKey,
  );
  if (!winner) throw new Error('deposit key taken, yet no deposit holds it');
  return replayOf(winner, requestHash);
};

export type DepositRecordsQuery = {
  pageNo: number;
  pageSize: number;
  cursor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: DepositStatus | undefined;
};

/**
 * The member's deposit records, newest first, by the merchant's calendar days (issue 4 item 8),
 * paged by keyset (issue 30; decision 016).
 */
export const findDeposits = (
  db: Db,
  merchantId: number,
  memberId: number,
  query: DepositRecordsQuery,
): Promise<DepositPage> =>
  viewDepositPage(
    db,
    {
      merchantId,
      memberId,
      status: query.status ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
      first: 'newest',
    },
    query,
    toDepositRecord,
  );
