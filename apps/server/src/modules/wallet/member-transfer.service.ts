import {
  LOGIN_TYPES,
  roleOfType,
  type DownlineTransferPayload,
  type MemberTransferResult,
  type UplineTransferInfo,
  type UplineTransferPayload,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { findDirectUpline, findInSubtree, type HierarchyMember } from '../auth/index.ts';
import { getOrCreateMemberAccount, moveEntries, postTransfer } from '../ledger/index.ts';
import { runIdempotent } from './idempotent-request.ts';
import { assertMoneyMovementAllowed, currencyOf } from './wallet-mode.service.ts';
import type { MemberMoneyContext } from './wallet-transfer.service.ts';

/**
 * A member who can receive a transfer: an active real account, member or agent. A house
 * account (type 9) is no member, and a trial holds play money only.
 */
const canReceive = (member: HierarchyMember): boolean =>
  member.status === 'active' &&
  (LOGIN_TYPES as readonly number[]).includes(member.type) &&
  roleOfType(member.type) !== 'trial';

/** The direct upline, when it can receive: the one a transfer to upline goes to. */
const uplineOf = async (db: Db, merchantId: number, memberId: number) => {
  const upline = await findDirectUpline(db, merchantId, memberId);
  return upline && canReceive(upline) ? upline : null;
};

export const getUplineTransferInfo = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<UplineTransferInfo> => {
  const upline = await uplineOf(db, merchantId, memberId);
  return { upline: upline && { account: upline.username, nickname: upline.nickname } };
};

type Transfer = Omit<MemberTransferResult, 'replayed'>;

/** Main wallet to main wallet, one ledger transfer of type member_transfer. */
const postMemberTransfer = async (
  ctx: MemberMoneyContext,
  tx: Db,
  recipient: HierarchyMember,
  payload: { amountMinor: string; idempotencyKey: string },
): Promise<Transfer> => {
  const from = await getOrCreateMemberAccount(tx, ctx.merchantId, ctx.memberId, { kind: 'main' });
  const to = await getOrCreateMemberAccount(tx, ctx.merchantId, recipient.id, { kind: 'main' });
  const posted = await postTransfer(
    tx,
    {
      merchantId: ctx.merchantId,
      type: 'member_transfer',
      idempotencyKey: `member-transfer:${ctx.memberId}:${payload.idempotencyKey}`,
      reference: `member:${recipient.id}`,
      entries: moveEntries(from.id, to.id, BigInt(payload.amountMinor)),
    },
    { now: ctx.now, ...(ctx.events ? { events: ctx.events } : {}) },
  );
  const sent = posted.entries.find((entry) => entry.accountId === from.id);
  return {
    ...(await currencyOf(tx, ctx.merchantId)),
    transferId: String(posted.transferId),
    amountMinor: payload.amountMinor,
    recipient: { account: recipient.username, nickname: recipient.nickname },
    balanceMinor: (sent?.balanceAfterMinor ?? 0n).toString(),
  };
};

/**
 * The payments module's payment password check, passed in by app.ts: payments refuses its own
 * movements through this module's rules, so wallet does not import payments (architecture.md,
 * Boundaries). Resolves when right, throws PAYMENT_PASSWORD_NOT_SET, _WRONG or _LOCKED.
 */
export type VerifyPaymentPassword = (
  db: Db,
  member: { merchantId: number; memberId: number },
  paymentPassword: string,
  now: Date,
) => Promise<void>;

/**
 * The payment password first, before anything else is read: wrong attempts count against its
 * lock (PAYMENT_PASSWORD_WRONG, then PAYMENT_PASSWORD_LOCKED), whatever the transfer.
 */
const confirmPaymentPassword = (
  ctx: MemberMoneyContext,
  paymentPassword: string,
  verifyPaymentPassword: VerifyPaymentPassword,
) =>
  verifyPaymentPassword(
    ctx.db,
    { merchantId: ctx.merchantId, memberId: ctx.memberId },
    paymentPassword,
    ctx.now,
  );

/**
 * Transfer to upline (spec sections 2 and 6; issue 4 item 7): from the member's main wallet to
 * its direct upline's, confirmed by the payment password, idempotent by the member's key.
 */
export const transferToUpline = async (
  ctx: MemberMoneyContext,
  payload: UplineTransferPayload,
  verifyPaymentPassword: VerifyPaymentPassword,
): Promise<MemberTransferResult> => {
  await confirmPaymentPassword(ctx, payload.paymentPassword, verifyPaymentPassword);
  return runIdempotent(
    ctx.db,
    {
      merchantId: ctx.merchantId,
      memberId: ctx.memberId,
      idempotencyKey: payload.idempotencyKey,
      kind: 'upline_transfer',
      fields: { amountMinor: payload.amountMinor },
      now: ctx.now,
    },
    async (tx) => {
      await assertMoneyMovementAllowed(tx, ctx);
      const upline = await uplineOf(tx, ctx.merchantId, ctx.memberId);
      if (!upline) throw new AppError('NO_UPLINE');
      return postMemberTransfer(ctx, tx, upline, payload);
    },
  );
};

/**
 * Transfer to downline (spec section 6; issue 4 item 7): an agent's main wallet to a member of
 * its own subtree, at any depth, found by account name through the hierarchy's closure table.
 * Anyone else (unknown, outside the subtree, another merchant's, a trial or house account, a
 * disabled account) is one answer, RECIPIENT_NOT_FOUND; the agent itself is TRANSFER_TO_SELF.
 */
export const transferToDownline = async (
  ctx: MemberMoneyContext,
  payload: DownlineTransferPayload,
  verifyPaymentPassword: VerifyPaymentPassword,
): Promise<MemberTransferResult> => {
  await confirmPaymentPassword(ctx, payload.paymentPassword, verifyPaymentPassword);
  const downline = payload.downline.trim();
  return runIdempotent(
    ctx.db,
    {
      merchantId: ctx.merchantId,
      memberId: ctx.memberId,
      idempotencyKey: payload.idempotencyKey,
      kind: 'downline_transfer',
      fields: { downline: downline.toLowerCase(), amountMinor: payload.amountMinor },
      now: ctx.now,
    },
    async (tx) => {
      await assertMoneyMovementAllowed(tx, ctx);
      const recipient = await findInSubtree(tx, ctx.merchantId, ctx.memberId, downline);
      if (recipient?.depth === 0) throw new AppError('TRANSFER_TO_SELF');
      if (!recipient || !canReceive(recipient)) throw new AppError('RECIPIENT_NOT_FOUND');
      return postMemberTransfer(ctx, tx, recipient, payload);
    },
  );
};
