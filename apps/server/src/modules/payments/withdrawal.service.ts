import { createHash } from 'node:crypto';
import type {
  FindWithdrawalsQuery,
  RequestWithdrawalPayload,
  Withdrawal,
  WithdrawalOptions,
  WithdrawalPage,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { retryTransaction } from '../../db/retry.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  findMemberAccounts,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  type PostOptions,
} from '../ledger/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import { assertMoneyMovementAllowed } from '../wallet/index.ts';
import { findBoundPayeeAccount, lockMemberPayments } from './bank-card.repository.ts';
import { getPaymentPasswordStatus, verifyPaymentPassword } from './payment-password.service.ts';
import type { MemberRef } from './payment-password.service.ts';
import { settleBonusesForWithdrawal } from '../promotions/index.ts';
import { getTurnover } from './turnover.service.ts';
import {
  findWithdrawal,
  findWithdrawalByKey,
  insertWithdrawal,
  nextWithdrawalId,
  sumHeldWithdrawals,
  sumTodaysWithdrawals,
  type WithdrawalRow,
} from './withdrawal.repository.ts';
import { getWithdrawalRules, type WithdrawalRules } from './withdrawal-settings.repository.ts';
import { toWithdrawal, viewWithdrawalPage, viewWithdrawals } from './withdrawal-view.ts';

/**
 * A member's withdrawals (issue 4 item 6): the request, which holds the amount in the locked
 * wallet by a ledger transfer, and the records. Review and confirmation live beside it.
 */

const currencyOf = async (db: Db, merchantId: number) => {
  const brand = await getMerchantBrand(db, merchantId);
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    timeZone: brand.timeZone,
  };
};

export const getWithdrawalOptions = async (
  db: Db,
  member: MemberRef,
  now: Date,
): Promise<WithdrawalOptions> => {
  const { merchantId, memberId } = member;
  const [rules, brand] = await Promise.all([
    getWithdrawalRules(db, merchantId),
    currencyOf(db, merchantId),
  ]);
  const [accounts, held, today, turnover, password] = await Promise.all([
    findMemberAccounts(db, merchantId, memberId),
    sumHeldWithdrawals(db, merchantId, memberId),
    sumTodaysWithdrawals(db, now, merchantId, memberId, brand.timeZone),
    getTurnover(db, merchantId, memberId, rules.turnoverMultiplierPercent),
    getPaymentPasswordStatus(db, member, now),
  ]);
  const main = accounts.find((account) => account.kind === 'main');
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    availableMinor: (main?.balanceMinor ?? 0n).toString(),
    heldMinor: held.toString(),
    minMinor: rules.minAmountMinor.toString(),
    maxMinor: rules.maxAmountMinor.toString(),
    dailyCount: rules.dailyCount,
    dailyAmountMinor: rules.dailyAmountMinor.toString(),
    usedTodayCount: today.count,
    usedTodayAmountMinor: today.amountMinor.toString(),
    turnover: {
      requiredMinor: turnover.requiredMinor.toString(),
      achievedMinor: turnover.achievedMinor.toString(),
      remainingMinor: turnover.remainingMinor.toString(),
      multiplierPercent: turnover.multiplierPercent,
      lastDepositMinor: turnover.lastDepositMinor?.toString() ?? null,
      lastDepositAt: turnover.lastDepositAt?.toISOString() ?? null,
    },
    paymentPasswordSet: password.isSet,
    confirmMinutes: rules.confirmMinutes,
  };
};

/** What a key stands for: the amount and the payee (never the password). */
const requestHashOf = (input: RequestWithdrawalPayload): string =>
  createHash('sha256')
    .update(JSON.stringify([input.amountMinor, input.payeeAccountId]), 'utf8')
    .digest('hex');

const viewOne = async (db: Db, row: WithdrawalRow): Promise<Withdrawal> => {
  const [view] = await viewWithdrawals(db, [row], toWithdrawal);
  if (!view) throw new Error(`withdrawal ${row.id} has no view`);
  return view;
};

/** The stored answer of an earlier request under the key, or the refusal of another request. */
const replayOf = (row: WithdrawalRow | null, hash: string): WithdrawalRow | null => {
  if (!row) return null;
  if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return row;
};

/** The merchant's limits for one more withdrawal of `amountMinor` today. */
const assertWithinLimits = (
  rules: WithdrawalRules,
  amountMinor: bigint,
  today: { count: number; amountMinor: bigint },
): void => {
  if (amountMinor < rules.minAmountMinor) throw new AppError('WITHDRAWAL_BELOW_MINIMUM');
  if (amountMinor > rules.maxAmountMinor) throw new AppError('WITHDRAWAL_ABOVE_MAXIMUM');
  if (today.count >= rules.dailyCount) throw new AppError('WITHDRAWAL_DAILY_COUNT_REACHED');
  if (today.amountMinor + amountMinor > rules.dailyAmountMinor)
    throw new AppError('WITHDRAWAL_DAILY_AMOUNT_REACHED');
};

/**
 * Holds the amount: one transaction under the member's payments lock checks the key again,
 * the payee, the limits, the turnover and the open bonuses, moves main -> locked through the ledger (which
 * refuses an overdraft or a frozen wallet) and writes the withdrawal. Fifty parallel requests
 * for the whole balance queue on the lock: one holds it, the others find the wallet empty.
 */
const hold = (
  db: Db,
  member: MemberRef,
  input: RequestWithdrawalPayload,
  hash: string,
  now: Date,
  options: PostOptions,
): Promise<WithdrawalRow> =>
  retryTransaction(db, async (tx) => {
    const { merchantId, memberId } = member;
    await lockMemberPayments(tx, memberId);
    const replay = replayOf(
      await findWithdrawalByKey(tx, now, merchantId, memberId, input.idempotencyKey),
      hash,
    );
    if (replay) return replay;
    const payee = await findBoundPayeeAccount(tx, merchantId, memberId, input.payeeAccountId);
    if (!payee) throw new AppError('PAYEE_ACCOUNT_NOT_FOUND');
    const amountMinor = BigInt(input.amountMinor);
    const [rules, brand] = await Promise.all([
      getWithdrawalRules(tx, merchantId),
      getMerchantBrand(tx, merchantId),
    ]);
    assertWithinLimits(
      rules,
      amountMinor,
      await sumTodaysWithdrawals(tx, now, merchantId, memberId, brand.timeZone),
    );
    const turnover = await getTurnover(tx, merchantId, memberId, rules.turnoverMultiplierPercent);
    if (turnover.remainingMinor > 0n) throw new AppError('TURNOVER_NOT_MET');
    await settleBonusesForWithdrawal(tx, { db: tx, merchantId, memberId, now, ...options });
    const main = await getOrCreateMemberAccount(tx, merchantId, memberId, { kind: 'main' });
    const locked = await getOrCreateMemberAccount(tx, merchantId, memberId, { kind: 'locked' });
    const id = await nextWithdrawalId(tx);
    const transfer = await postTransfer(
      tx,
      {
        merchantId,
        type: 'withdrawal',
        idempotencyKey: `withdrawal:${id}:hold`,
        reference: `withdrawal:${id}`,
        entries: moveEntries(main.id, locked.id, amountMinor),
      },
      { ...options, now },
    );
    await insertWithdrawal(tx, {
      id,
      merchantId,
      memberId,
      idempotencyKey: input.idempotencyKey,
      requestHash: hash,
      amountMinor,
      payeeAccountId: payee.id,
      payee: {
        kind: payee.kind,
        bankName: payee.bank_name,
        walletType: payee.wallet_type,
        accountName: payee.account_name,
        accountNumber: payee.account_number,
      },
      holdTransferId: transfer.transferId,
      now,
    });
    const row = await findWithdrawal(tx, now, { merchantId, withdrawalId: id });
    if (!row) throw new Error(`withdrawal ${id} was not written`);
    return row;
  });

/**
 * A withdrawal request. A replay of a key answers the first result before anything else is
 * checked (it changes nothing); a new request is refused during maintenance or while frozen,
 * then proves the payment password, then holds the amount.
 */
export const requestWithdrawal = async (
  db: Db,
  member: MemberRef,
  input: RequestWithdrawalPayload,
  now: Date,
  options: PostOptions = {},
): Promise<Withdrawal> => {
  const hash = requestHashOf(input);
  const replay = replayOf(
    await findWithdrawalByKey(db, now, member.merchantId, member.memberId, input.idempotencyKey),
    hash,
  );
  if (replay) return viewOne(db, replay);
  await assertMoneyMovementAllowed(db, { ...member, now });
  await verifyPaymentPassword(db, member, input.paymentPassword, now);
  return viewOne(db, await hold(db, member, input, hash, now, options));
};

export const findWithdrawals = (
  db: Db,
  member: MemberRef,
  query: FindWithdrawalsQuery & { pageNo: number; pageSize: number },
  now: Date,
): Promise<WithdrawalPage> =>
  viewWithdrawalPage(
    db,
    {
      merchantId: member.merchantId,
      memberId: member.memberId,
      status: query.status ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
      first: 'newest',
      now,
    },
    query,
    toWithdrawal,
  );

/** One withdrawal of the member; another member's id is not found. */
export const getMemberWithdrawal = async (
  db: Db,
  member: MemberRef,
  withdrawalId: string,
  now: Date,
): Promise<WithdrawalRow> => {
  const row = await findWithdrawal(db, now, { ...member, withdrawalId });
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  return row;
};

export const getWithdrawal = async (
  db: Db,
  member: MemberRef,
  withdrawalId: string,
  now: Date,
): Promise<Withdrawal> => viewOne(db, await getMemberWithdrawal(db, member, withdrawalId, now));

export { viewOne as viewWithdrawal };
