import { randomUUID } from 'node:crypto';
import {
  PayeeAccountSchema,
  WithdrawalSchema,
  type PayeeAccount,
  type Withdrawal,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sealedAs, valueOf } from '../requests.ts';
import { MEMBER_PASSWORD, newSignedInMember, PAYEE_NAME, type SignedInMember } from './members.ts';
import type { MerchantCode } from './merchants.ts';
import { bet, deposit, rollback, win } from './money.ts';

/** Withdrawals: a payment password, a bank card, money whose turnover is met. */

export const PIN = '135790';

export const setPin = async (app: FastifyInstance, member: SignedInMember, pin = PIN) => {
  const response = await sealedAs(app, member, 'POST', '/wps/payments/payment-password', {
    loginPassword: MEMBER_PASSWORD,
    newPaymentPassword: pin,
    confirmPaymentPassword: pin,
  });
  if (response.statusCode !== 200) throw new Error(`set PIN failed: ${response.body}`);
};

export const bindCard = async (
  app: FastifyInstance,
  member: SignedInMember,
  accountNumber = `${Date.now()}`.slice(-10),
): Promise<PayeeAccount> => {
  const response = await sealedAs(app, member, 'POST', '/wps/payments/payee-accounts/bank-cards', {
    bankName: 'Kasikorn Bank',
    accountName: PAYEE_NAME,
    accountNumber,
    paymentPassword: PIN,
  });
  if (response.statusCode !== 200) throw new Error(`bind failed: ${response.body}`);
  return valueOf(response, PayeeAccountSchema);
};

/** A member with money, a PIN and a bank card, ready to withdraw. */
export const readyMember = async (
  app: FastifyInstance,
  db: Db,
  depositMinor: bigint,
  options: { merchantCode?: MerchantCode } = {},
) => {
  const member = await newSignedInMember(app, db, options);
  if (depositMinor > 0n) {
    await deposit(app, db, member, depositMinor);
    await bet(app, db, member, depositMinor);
    await rollback(app, db, member, depositMinor);
    // Turnover counts bets net of rollbacks: bet the deposit again so it is met.
    await bet(app, db, member, depositMinor);
    await win(app, db, member, depositMinor);
  }
  await setPin(app, member);
  const card = await bindCard(app, member);
  return { member, card };
};

/** A member's withdrawal of `amountMinor` from 100,000, waiting for an operator. */
export const pendingWithdrawal = async (app: FastifyInstance, db: Db, amountMinor = '30000') => {
  const { member, card } = await readyMember(app, db, 100_000n);
  const withdrawal = await withdrawOk(app, member, { amountMinor, payeeAccountId: card.id });
  return { member, card, withdrawal };
};

export const withdraw = (
  app: FastifyInstance,
  member: SignedInMember,
  input: { amountMinor: string; payeeAccountId: string; key?: string; pin?: string },
) =>
  sealedAs(app, member, 'POST', '/wps/payments/withdrawals', {
    idempotencyKey: input.key ?? randomUUID(),
    amountMinor: input.amountMinor,
    payeeAccountId: input.payeeAccountId,
    paymentPassword: input.pin ?? PIN,
  });

export const withdrawOk = async (
  app: FastifyInstance,
  member: SignedInMember,
  input: { amountMinor: string; payeeAccountId: string },
): Promise<Withdrawal> => {
  const response = await withdraw(app, member, input);
  if (response.statusCode !== 200) throw new Error(`withdraw failed: ${response.body}`);
  return valueOf(response, WithdrawalSchema);
};
