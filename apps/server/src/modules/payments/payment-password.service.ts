import type { PaymentPasswordStatus } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { hashPassword, verifyPassword } from '../../shared/password.ts';
import { findPaymentProfile, getMember, savePaymentPasswordHash } from '../auth/index.ts';
import {
  findPasswordGuard,
  lockPasswordGuard,
  savePasswordGuard,
  type PasswordGuard,
} from './payment-password.repository.ts';
import { getWithdrawalRules, type WithdrawalRules } from './withdrawal-settings.repository.ts';

/**
 * The payment password (issue 4 item 6): a second secret for money leaving the account and for
 * changing where it goes. Its hash sits on the member's profile (registration may set it) as
 * argon2id. Wrong attempts lock it for the merchant's minutes after its number of failures;
 * each further lock doubles, never beyond a day, and a right password clears the count, so the
 * owner is never locked out for good.
 */
export type MemberRef = { merchantId: number; memberId: number };

const MAX_LOCK_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

const lockedFor = (guard: PasswordGuard, now: Date): number =>
  guard.lockedUntil && guard.lockedUntil > now
    ? Math.ceil((guard.lockedUntil.getTime() - now.getTime()) / 1000)
    : 0;

const lockedError = (seconds: number) =>
  new AppError('PAYMENT_PASSWORD_LOCKED', { details: { retryAfterSeconds: seconds } });

/** The guard after one more failure: a lock once the failures reach the merchant's number. */
export const afterFailure = (
  guard: PasswordGuard,
  rules: Pick<WithdrawalRules, 'paymentPasswordLockAfter' | 'paymentPasswordLockMinutes'>,
  now: Date,
): PasswordGuard => {
  const failures = guard.failures + 1;
  if (failures < rules.paymentPasswordLockAfter) return { ...guard, failures };
  const locks = guard.locks + 1;
  const lockMs = Math.min(
    rules.paymentPasswordLockMinutes * MINUTE_MS * 2 ** Math.min(locks - 1, 20),
    MAX_LOCK_MS,
  );
  return { failures: 0, locks, lockedUntil: new Date(now.getTime() + lockMs) };
};

const CLEARED: PasswordGuard = { failures: 0, locks: 0, lockedUntil: null };

type Attempt = { ok: true } | { ok: false; lockedSeconds: number };

/**
 * Checks one secret under the member's guard, in its own transaction so that a failure is
 * counted even though the caller's request fails: refused at once while locked, counted when
 * wrong, clearing the count when right. `onSuccess` runs inside the same transaction.
 */
const attempt = async (
  db: Db,
  member: MemberRef,
  now: Date,
  check: (tx: Db) => Promise<boolean>,
  onSuccess: (tx: Db) => Promise<unknown> = () => Promise.resolve(),
): Promise<Attempt> => {
  const rules = await getWithdrawalRules(db, member.merchantId);
  return db.transaction(async (tx) => {
    const guard = await lockPasswordGuard(tx, member.merchantId, member.memberId);
    const seconds = lockedFor(guard, now);
    if (seconds > 0) throw lockedError(seconds);
    if (await check(tx)) {
      await savePasswordGuard(tx, member.memberId, CLEARED);
      await onSuccess(tx);
      return { ok: true };
    }
    const next = afterFailure(guard, rules, now);
    await savePasswordGuard(tx, member.memberId, next);
    return { ok: false, lockedSeconds: lockedFor(next, now) };
  });
};

const hashOf = async (db: Db, member: MemberRef): Promise<string | null> =>
  (await findPaymentProfile(db, member.merchantId, member.memberId))?.payment_password_hash ?? null;

const refusal = (result: Attempt, code: 'PAYMENT_PASSWORD_WRONG' | 'LOGIN_PASSWORD_WRONG') => {
  if (result.ok) return null;
  return result.lockedSeconds > 0 ? lockedError(result.lockedSeconds) : new AppError(code);
};

/**
 * Proves the member's payment password, or throws PAYMENT_PASSWORD_NOT_SET,
 * PAYMENT_PASSWORD_WRONG or PAYMENT_PASSWORD_LOCKED (with retryAfterSeconds). Every money
 * route that needs the second secret calls this before it moves anything.
 */
export const verifyPaymentPassword = async (
  db: Db,
  member: MemberRef,
  paymentPassword: string,
  now: Date,
): Promise<void> => {
  const result = await attempt(db, member, now, async (tx) => {
    const hash = await hashOf(tx, member);
    if (!hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
    return verifyPassword(paymentPassword, hash);
  });
  const error = refusal(result, 'PAYMENT_PASSWORD_WRONG');
  if (error) throw error;
};

export const getPaymentPasswordStatus = async (
  db: Db,
  member: MemberRef,
  now: Date,
): Promise<PaymentPasswordStatus> => {
  const [hash, guard] = await Promise.all([
    hashOf(db, member),
    findPasswordGuard(db, member.merchantId, member.memberId),
  ]);
  const locked = guard && lockedFor(guard, now) > 0 ? guard.lockedUntil : null;
  return { isSet: hash !== null, lockedUntil: locked ? locked.toISOString() : null };
};

/**
 * The first payment password. The sign-in password proves the member is at the keyboard (a
 * borrowed session cannot choose the secret that then lets money out).
 */
export const setPaymentPassword = async (
  db: Db,
  member: MemberRef,
  input: { loginPassword: string; newPaymentPassword: string; confirmPaymentPassword: string },
  now: Date,
): Promise<PaymentPasswordStatus> => {
  if (input.newPaymentPassword !== input.confirmPaymentPassword)
    throw new AppError('PASSWORD_MISMATCH');
  if (await hashOf(db, member)) throw new AppError('PAYMENT_PASSWORD_ALREADY_SET');
  const newHash = await hashPassword(input.newPaymentPassword);
  const result = await attempt(
    db,
    member,
    now,
    async (tx) => {
      if (await hashOf(tx, member)) throw new AppError('PAYMENT_PASSWORD_ALREADY_SET');
      const account = await getMember(tx, member.merchantId, member.memberId);
      return verifyPassword(input.loginPassword, account.password_hash);
    },
    (tx) => savePaymentPasswordHash(tx, member.merchantId, member.memberId, newHash),
  );
  const error = refusal(result, 'LOGIN_PASSWORD_WRONG');
  if (error) throw error;
  return getPaymentPasswordStatus(db, member, now);
};

export const changePaymentPassword = async (
  db: Db,
  member: MemberRef,
  input: { oldPaymentPassword: string; newPaymentPassword: string; confirmPaymentPassword: string },
  now: Date,
): Promise<PaymentPasswordStatus> => {
  if (input.newPaymentPassword !== input.confirmPaymentPassword)
    throw new AppError('PASSWORD_MISMATCH');
  if (input.newPaymentPassword === input.oldPaymentPassword)
    throw new AppError('PASSWORD_UNCHANGED');
  const newHash = await hashPassword(input.newPaymentPassword);
  const result = await attempt(
    db,
    member,
    now,
    async (tx) => {
      const hash = await hashOf(tx, member);
      if (!hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
      return verifyPassword(input.oldPaymentPassword, hash);
    },
    (tx) => savePaymentPasswordHash(tx, member.merchantId, member.memberId, newHash),
  );
  const error = refusal(result, 'PAYMENT_PASSWORD_WRONG');
  if (error) throw error;
  return getPaymentPasswordStatus(db, member, now);
};
