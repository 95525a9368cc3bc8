import type {
  BindBankCardPayload,
  BindEWalletPayload,
  PayeeAccount,
  PayeeAccountList,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { findPaymentProfile } from '../auth/index.ts';
import {
  findBoundPayeeAccounts,
  insertPayeeAccount,
  lockMemberPayments,
  unbindPayeeAccount as unbindRow,
  type NewPayeeAccount,
  type PayeeAccountRow,
} from './bank-card.repository.ts';
import { verifyPaymentPassword, type MemberRef } from './payment-password.service.ts';
import { getWithdrawalRules } from './withdrawal-settings.repository.ts';

/**
 * Payee accounts (issue 4 item 6): bank cards and e-wallets where withdrawals are paid. Binding
 * and unbinding prove the payment password; a member has at most the merchant's number of each
 * kind; the account name must be the member's payee name when the profile has one (money goes
 * only to accounts in the member's own name).
 */

/** All but the last 4 characters hidden, and the hidden length not told either. */
export const maskAccountNumber = (accountNumber: string): string =>
  `****${accountNumber.slice(-4)}`;

/** Names compare without case, accents written two ways, or extra spaces. */
export const sameName = (a: string, b: string): boolean => {
  const normal = (name: string) =>
    name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return normal(a) === normal(b);
};

export const toPayeeAccount = (row: PayeeAccountRow): PayeeAccount => ({
  id: row.id,
  kind: row.kind,
  bankName: row.bank_name,
  walletType: row.wallet_type,
  accountName: row.account_name,
  accountNumberMasked: maskAccountNumber(row.account_number),
  createdAt: row.created_at.toISOString(),
});

const payeeNameOf = async (db: Db, member: MemberRef): Promise<string | null> =>
  (await findPaymentProfile(db, member.merchantId, member.memberId))?.payee_name?.trim() || null;

export const findPayeeAccounts = async (db: Db, member: MemberRef): Promise<PayeeAccountList> => {
  const [rows, rules, payeeName] = await Promise.all([
    findBoundPayeeAccounts(db, member.merchantId, member.memberId),
    getWithdrawalRules(db, member.merchantId),
    payeeNameOf(db, member),
  ]);
  return {
    accounts: rows.map(toPayeeAccount),
    maxBankCards: rules.maxBankCards,
    maxEWallets: rules.maxEWallets,
    payeeName,
  };
};

const bind = async (
  db: Db,
  member: MemberRef,
  account: Omit<NewPayeeAccount, 'merchantId' | 'memberId' | 'now'>,
  paymentPassword: string,
  now: Date,
): Promise<PayeeAccount> => {
  const payeeName = await payeeNameOf(db, member);
  if (payeeName && !sameName(payeeName, account.accountName))
    throw new AppError('PAYEE_NAME_MISMATCH');
  await verifyPaymentPassword(db, member, paymentPassword, now);
  return db.transaction(async (tx) => {
    await lockMemberPayments(tx, member.memberId);
    const rules = await getWithdrawalRules(tx, member.merchantId);
    const bound = await findBoundPayeeAccounts(tx, member.merchantId, member.memberId);
    const limit = account.kind === 'bank' ? rules.maxBankCards : rules.maxEWallets;
    if (bound.filter((row) => row.kind === account.kind).length >= limit)
      throw new AppError('PAYEE_ACCOUNT_LIMIT_REACHED');
    const row = await insertPayeeAccount(tx, {
      ...account,
      merchantId: member.merchantId,
      memberId: member.memberId,
      now,
    });
    if (!row) throw new AppError('PAYEE_ACCOUNT_DUPLICATE');
    return toPayeeAccount(row);
  });
};

export const bindBankCard = (
  db: Db,
  member: MemberRef,
  input: BindBankCardPayload,
  now: Date,
): Promise<PayeeAccount> =>
  bind(
    db,
    member,
    {
      kind: 'bank',
      bankName: input.bankName.trim(),
      walletType: null,
      accountName: input.accountName.trim(),
      accountNumber: input.accountNumber,
    },
    input.paymentPassword,
    now,
  );

export const bindEWallet = (
  db: Db,
  member: MemberRef,
  input: BindEWalletPayload,
  now: Date,
): Promise<PayeeAccount> =>
  bind(
    db,
    member,
    {
      kind: 'ewallet',
      bankName: null,
      walletType: input.walletType,
      accountName: input.accountName.trim(),
      accountNumber: input.walletId.trim(),
    },
    input.paymentPassword,
    now,
  );

/** Withdrawals already requested keep their copy of the payee; nothing else refers to it. */
export const unbindPayeeAccount = async (
  db: Db,
  member: MemberRef,
  accountId: string,
  paymentPassword: string,
  now: Date,
): Promise<void> => {
  await verifyPaymentPassword(db, member, paymentPassword, now);
  if (!(await unbindRow(db, member.merchantId, member.memberId, accountId, now)))
    throw new AppError('PAYEE_ACCOUNT_NOT_FOUND');
};
