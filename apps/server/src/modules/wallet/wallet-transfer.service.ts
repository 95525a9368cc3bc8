import type { WalletMovement, WalletTransferRequest, WalletTransferResult } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  findMemberAccounts,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  postTransfers,
  type LedgerAccount,
  type PostOptions,
  type TransferRequest,
} from '../ledger/index.ts';
import { runIdempotent } from './idempotent-request.ts';
import {
  assertMoneyMovementAllowed,
  currencyOf,
  findTransferVendors,
  getWalletSettings,
} from './wallet-mode.service.ts';

/** Who moves money, when, and where the ledger's balance events go. */
export type MemberMoneyContext = {
  db: Db;
  merchantId: number;
  memberId: number;
  now: Date;
  events?: PostOptions['events'];
};

type Move = Extract<WalletTransferRequest, { action: 'toVendor' | 'fromVendor' }>;
type Result = Omit<WalletTransferResult, 'replayed'>;

/** The ledger key of a member's wallet transfer: the member's own key, scoped to the member. */
const ledgerKeyOf = (memberId: number, idempotencyKey: string, vendorCode?: string) =>
  `wallet:${memberId}:${idempotencyKey}${vendorCode ? `:${vendorCode}` : ''}`;

const vendorAccountsOf = (accounts: readonly LedgerAccount[]) =>
  accounts.filter((account) => account.kind === 'vendor' && account.vendorCode !== null);

/**
 * The rule of the wallet mode (spec section 3): money goes into a vendor wallet only on a
 * transfer-wallet merchant and only at a vendor it offers. Money comes back from any vendor
 * wallet the member holds, whatever the mode now, so a switch to single wallet or a vendor
 * withdrawn from the merchant never strands a member's money.
 */
const checkMove = async (ctx: MemberMoneyContext, tx: Db, move: Move): Promise<void> => {
  const { isSingle } = await getWalletSettings(tx, ctx.merchantId);
  const held = vendorAccountsOf(await findMemberAccounts(tx, ctx.merchantId, ctx.memberId)).some(
    (account) => account.vendorCode === move.vendorCode,
  );
  if (move.action === 'fromVendor' && held) return;
  if (isSingle) throw new AppError('WALLET_TRANSFER_UNAVAILABLE');
  const offered = await findTransferVendors(tx, ctx.merchantId);
  if (!offered.some((vendor) => vendor.vendorCode === move.vendorCode))
    throw new AppError('VENDOR_WALLET_NOT_FOUND');
};

const postMove = async (ctx: MemberMoneyContext, tx: Db, move: Move): Promise<WalletMovement[]> => {
  await checkMove(ctx, tx, move);
  const main = await getOrCreateMemberAccount(tx, ctx.merchantId, ctx.memberId, { kind: 'main' });
  const vendor = await getOrCreateMemberAccount(tx, ctx.merchantId, ctx.memberId, {
    kind: 'vendor',
    vendorCode: move.vendorCode,
  });
  const amountMinor = BigInt(move.amountMinor);
  const [from, to] = move.action === 'toVendor' ? [main, vendor] : [vendor, main];
  const posted = await postTransfer(
    tx,
    {
      merchantId: ctx.merchantId,
      type: 'wallet_transfer',
      idempotencyKey: ledgerKeyOf(ctx.memberId, move.idempotencyKey),
      reference: `vendor:${move.vendorCode}`,
      entries: moveEntries(from.id, to.id, amountMinor),
    },
    { now: ctx.now, ...(ctx.events ? { events: ctx.events } : {}) },
  );
  return [
    {
      vendorCode: move.vendorCode,
      direction: move.action,
      amountMinor: move.amountMinor,
      transferId: String(posted.transferId),
    },
  ];
};

/**
 * Recycle all: every vendor wallet with money back to the main wallet, each by its own ledger
 * transfer under a key derived from the request's, in one database transaction. A wallet a
 * concurrent bet emptied between the read and the lock is refused by the ledger on its own and
 * simply left out; the answer's balances show where everything stands.
 */
const postRecycleAll = async (
  ctx: MemberMoneyContext,
  tx: Db,
  idempotencyKey: string,
): Promise<WalletMovement[]> => {
  const accounts = await findMemberAccounts(tx, ctx.merchantId, ctx.memberId);
  const filled = vendorAccountsOf(accounts).filter((account) => account.balanceMinor > 0n);
  const { isSingle } = await getWalletSettings(tx, ctx.merchantId);
  if (isSingle && filled.length === 0) throw new AppError('WALLET_TRANSFER_UNAVAILABLE');
  if (filled.length === 0) return [];
  const main = await getOrCreateMemberAccount(tx, ctx.merchantId, ctx.memberId, { kind: 'main' });
  const requests = filled.map((account): TransferRequest => ({
    merchantId: ctx.merchantId,
    type: 'wallet_transfer',
    idempotencyKey: ledgerKeyOf(ctx.memberId, idempotencyKey, account.vendorCode ?? ''),
    reference: `vendor:${account.vendorCode ?? ''}`,
    entries: moveEntries(account.id, main.id, account.balanceMinor),
  }));
  const outcomes = await postTransfers(tx, requests, {
    now: ctx.now,
    ...(ctx.events ? { events: ctx.events } : {}),
  });
  return outcomes.flatMap((outcome, index): WalletMovement[] => {
    const account = filled[index];
    if (!outcome.ok || !account) return [];
    return [
      {
        vendorCode: account.vendorCode ?? '',
        direction: 'fromVendor',
        amountMinor: account.balanceMinor.toString(),
        transferId: String(outcome.transfer.transferId),
      },
    ];
  });
};

/** The main wallet and every vendor wallet, as they stand inside the transaction. */
const walletsAfter = async (ctx: MemberMoneyContext, tx: Db, movements: WalletMovement[]) => {
  const accounts = await findMemberAccounts(tx, ctx.merchantId, ctx.memberId);
  const main = accounts.find((account) => account.kind === 'main');
  const result: Result = {
    ...(await currencyOf(tx, ctx.merchantId)),
    movements,
    balanceMinor: (main?.balanceMinor ?? 0n).toString(),
    vendorWallets: vendorAccountsOf(accounts).map((account) => ({
      vendorCode: account.vendorCode ?? '',
      balanceMinor: account.balanceMinor.toString(),
    })),
  };
  return result;
};

/**
 * POST /wps/relay/GCS_walletTransfer (issue 4 item 3): a move between the main wallet and one
 * vendor wallet, or recycle all. Idempotent by the member's key; refused during maintenance
 * and for a frozen member.
 */
export const transferWallet = (
  ctx: MemberMoneyContext,
  request: WalletTransferRequest,
): Promise<WalletTransferResult> =>
  runIdempotent(
    ctx.db,
    {
      merchantId: ctx.merchantId,
      memberId: ctx.memberId,
      idempotencyKey: request.idempotencyKey,
      kind: 'wallet_transfer',
      fields:
        request.action === 'recycleAll'
          ? { action: request.action }
          : {
              action: request.action,
              vendorCode: request.vendorCode,
              amountMinor: request.amountMinor,
            },
      now: ctx.now,
    },
    async (tx) => {
      await assertMoneyMovementAllowed(tx, ctx);
      const movements =
        request.action === 'recycleAll'
          ? await postRecycleAll(ctx, tx, request.idempotencyKey)
          : await postMove(ctx, tx, request);
      return walletsAfter(ctx, tx, movements);
    },
  );
