import {
  LOGIN_TYPES,
  roleOfType,
  type BalanceAdjustment,
  type BalanceAdjustmentRequest,
  type MerchantWalletSettings,
  type OpsMemberWallets,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { retryTransaction, sqlStateOf } from '../../db/retry.ts';
import { AppError } from '../../shared/app-error.ts';
import { findMemberByUsername } from '../auth/index.ts';
import {
  findMemberAccounts,
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  setAccountFrozen,
  type PostOptions,
} from '../ledger/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findMerchantByCode, type MerchantRef } from '../system/index.ts';
import { currencyOf } from './wallet-mode.service.ts';
import * as settings from './wallet-settings.repository.ts';

/** Who acts, when, and why: what every operator action writes to the audit log. */
export type OperatorAction = { actor: string; reason: string; now: Date };

type Target = { merchant: MerchantRef; memberId: number; username: string };

const getMerchant = async (db: Db, merchantCode: string): Promise<MerchantRef> => {
  const merchant = await findMerchantByCode(db, merchantCode);
  if (!merchant) throw new AppError('NOT_FOUND');
  return merchant;
};

/** A real account (member or agent) of the merchant: operators move no trial or house money here. */
const getTarget = async (db: Db, merchantCode: string, username: string): Promise<Target> => {
  const merchant = await getMerchant(db, merchantCode);
  const member = await findMemberByUsername(db, merchant.id, username);
  const real =
    member !== null &&
    (LOGIN_TYPES as readonly number[]).includes(member.type) &&
    roleOfType(member.type) !== 'trial';
  if (!member || !real) throw new AppError('NOT_FOUND');
  return { merchant, memberId: Number(member.id), username: member.username };
};

export const getMerchantWalletSettings = async (
  db: Db,
  merchantCode: string,
): Promise<MerchantWalletSettings> =>
  settings.findWalletSettings(db, (await getMerchant(db, merchantCode)).id);

/**
 * Changes the wallet mode, agent policy and trial play money (absent: kept), with its audit row
 * in the same transaction. New play money is for trial accounts opened after the change.
 */
export const changeMerchantWalletSettings = (
  db: Db,
  merchantCode: string,
  change: Omit<MerchantWalletSettings, 'trialPlayMoneyMinor'> & {
    trialPlayMoneyMinor?: string | undefined;
  },
  action: OperatorAction,
): Promise<MerchantWalletSettings> =>
  db.transaction(async (tx) => {
    const merchant = await getMerchant(tx, merchantCode);
    const before = await settings.findWalletSettings(tx, merchant.id);
    const next: MerchantWalletSettings = {
      ...change,
      trialPlayMoneyMinor: change.trialPlayMoneyMinor ?? before.trialPlayMoneyMinor,
    };
    await settings.upsertWalletSettings(tx, merchant.id, next, action.now);
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: action.actor,
      action: 'merchant.wallet.replace',
      target: `merchant:${merchant.code}`,
      reason: action.reason,
      before,
      after: next,
    });
    return next;
  });

const walletsOf = async (db: Db, target: Target): Promise<OpsMemberWallets> => {
  // One after the other: inside a transaction `db` is a single connection.
  const accounts = await findMemberAccounts(db, target.merchant.id, target.memberId);
  const frozen = await settings.isMemberFrozen(db, target.merchant.id, target.memberId);
  const currency = await currencyOf(db, target.merchant.id);
  return {
    ...currency,
    username: target.username,
    frozen,
    wallets: accounts.map((account) => ({
      kind: account.kind as OpsMemberWallets['wallets'][number]['kind'],
      vendorCode: account.vendorCode,
      balanceMinor: account.balanceMinor.toString(),
      frozen: account.frozen,
    })),
  };
};

export const getMemberWallets = async (
  db: Db,
  merchantCode: string,
  username: string,
): Promise<OpsMemberWallets> => walletsOf(db, await getTarget(db, merchantCode, username));

/**
 * Freezes or unfreezes a member (issue 4 item 9): the member's state, which money routes check
 * first, and the frozen flag of its main, bonus and vendor accounts, which makes the ledger
 * itself refuse to pay from them (bets included) while wins and rollbacks still arrive. The
 * main wallet is opened if it was not, so the freeze also holds for its first use. Money held
 * for a withdrawal (locked) stays unfrozen: it is the operator's to pay out or give back.
 */
export const setMemberFrozen = (
  db: Db,
  merchantCode: string,
  username: string,
  frozen: boolean,
  action: OperatorAction,
): Promise<OpsMemberWallets> =>
  db.transaction(async (tx) => {
    const target = await getTarget(tx, merchantCode, username);
    await applyMemberFrozen(tx, target, frozen, action);
    return walletsOf(tx, target);
  });

const applyMemberFrozen = async (
  tx: Db,
  target: { merchant: { id: number }; memberId: number; username: string },
  frozen: boolean,
  action: OperatorAction,
) => {
  const merchantId = target.merchant.id;
  const before = await settings.isMemberFrozen(tx, merchantId, target.memberId);
  await getOrCreateMemberAccount(tx, merchantId, target.memberId, { kind: 'main' });
  await settings.upsertMemberFrozen(tx, merchantId, target.memberId, frozen, action.now);
  for (const account of await findMemberAccounts(tx, merchantId, target.memberId)) {
    if (account.kind !== 'locked') await setAccountFrozen(tx, account.id, frozen);
  }
  await insertAuditEntry(tx, {
    merchantId,
    actor: action.actor,
    action: frozen ? 'member.freeze' : 'member.unfreeze',
    target: `member:${target.username}`,
    reason: action.reason,
    before: { frozen: before },
    after: { frozen },
  });
};

/**
 * Freezes a member for a rule of the platform rather than an operator (an upline that did not
 * pay a dividend, spec section 4), in the caller's transaction, audit-logged like an operator's.
 */
export const freezeMember = (
  tx: Db,
  member: { merchantId: number; memberId: number; username: string },
  action: OperatorAction,
) =>
  applyMemberFrozen(
    tx,
    { merchant: { id: member.merchantId }, memberId: member.memberId, username: member.username },
    true,
    action,
  );

const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';

/**
 * Adjusts a member's main wallet (issue 4 item 9): a credit from, or a debit to, the house
 * adjustment account, as one ledger transfer of type adjustment under the operator's key. The
 * reason is part of the request: the same key with another reason is refused. The audit row is
 * written with the first post only, in its transaction; a replay answers the first result. A
 * debit from a frozen member is refused by the ledger (ACCOUNT_FROZEN): unfreeze first.
 */
export const adjustMemberBalance = (
  db: Db,
  merchantCode: string,
  username: string,
  request: BalanceAdjustmentRequest,
  action: Omit<OperatorAction, 'reason'> & { events?: PostOptions['events'] },
): Promise<BalanceAdjustment> =>
  retryTransaction(
    db,
    async (tx) => {
      const target = await getTarget(tx, merchantCode, username);
      const merchantId = target.merchant.id;
      const house = await getOrCreateHouseAccount(tx, merchantId, { kind: 'adjustment' });
      const main = await getOrCreateMemberAccount(tx, merchantId, target.memberId, {
        kind: 'main',
      });
      const amountMinor = BigInt(request.amountMinor);
      const [from, to] = request.direction === 'credit' ? [house, main] : [main, house];
      const posted = await postTransfer(
        tx,
        {
          merchantId,
          type: 'adjustment',
          idempotencyKey: `ops-adjustment:${request.idempotencyKey}`,
          reference: `member:${target.memberId}`,
          entries: moveEntries(from.id, to.id, amountMinor),
          fingerprint: request.reason,
        },
        { now: action.now, ...(action.events ? { events: action.events } : {}) },
      );
      const after = posted.entries.find((entry) => entry.accountId === main.id);
      const balanceMinor = (after?.balanceAfterMinor ?? 0n).toString();
      if (!posted.replayed) {
        const beforeMinor =
          (after?.balanceAfterMinor ?? 0n) +
          (request.direction === 'credit' ? -1n : 1n) * amountMinor;
        await insertAuditEntry(tx, {
          merchantId,
          actor: action.actor,
          action: `member.balance.${request.direction}`,
          target: `member:${target.username}`,
          reason: request.reason,
          before: { balanceMinor: beforeMinor.toString() },
          after: { balanceMinor, amountMinor: request.amountMinor, transferId: posted.transferId },
        });
      }
      return {
        ...(await currencyOf(tx, merchantId)),
        transferId: String(posted.transferId),
        direction: request.direction,
        amountMinor: request.amountMinor,
        balanceMinor,
        replayed: posted.replayed,
      };
    },
    { alsoRetry: isUniqueViolation },
  );
