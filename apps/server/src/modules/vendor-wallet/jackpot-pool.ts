import { HOUSE_VENDOR_CODE } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  houseAccountIdOf,
  lockHouseShards,
  postTransfer,
  type Entry,
  type PostedTransfer,
  type PostOptions,
} from '../ledger/index.ts';
import type { VendorCaller } from './vendor-credentials.service.ts';

/**
 * The jackpot pool (issue 5 item 6, decision 009): a platform rule on the house vendor's rounds,
 * so the pool's money never leaves the ledger and the vendor API stays its only door. A share
 * of each real-money house bet is part of the bet's own transfer (no extra transfer, no extra
 * round trip); a jackpot win pays the whole pool to the player in the win's transaction.
 */

const BPS = 10_000n;

/** Whether this vendor's real-money rounds feed and can win the pool. */
export const offersJackpot = (caller: VendorCaller): boolean =>
  caller.vendorCode === HOUSE_VENDOR_CODE;

/** The pool's part of a stake: rounded down, so the house's part is never below its share. */
export const jackpotShareOf = (stakeMinor: bigint, shareBps: number): bigint =>
  (stakeMinor * BigInt(shareBps)) / BPS;

/**
 * A bet's entries: the stake from the member, to the house account, less the pool's share,
 * which goes to the jackpot pool's shard of the same number as the house account's.
 */
export const betEntries = async (
  tx: Db,
  merchantId: number,
  accounts: { memberAccountId: number; houseAccountId: number; shard: number },
  stake: { amountMinor: bigint; jackpotMinor: bigint },
): Promise<Entry[]> => {
  const { memberAccountId, houseAccountId } = accounts;
  if (stake.jackpotMinor === 0n)
    return [
      { accountId: memberAccountId, amountMinor: -stake.amountMinor },
      { accountId: houseAccountId, amountMinor: stake.amountMinor },
    ];
  const poolAccountId = await houseAccountIdOf(tx, merchantId, { kind: 'jackpot' }, accounts.shard);
  return [
    { accountId: memberAccountId, amountMinor: -stake.amountMinor },
    { accountId: houseAccountId, amountMinor: stake.amountMinor - stake.jackpotMinor },
    { accountId: poolAccountId, amountMinor: stake.jackpotMinor },
  ];
};

/**
 * Pays the whole pool, every shard of it, to a member account, under the shards' row locks so
 * no bet's share lands between reading and paying. Called after the round's win is posted, so
 * the pool's locks are the last taken, as in a bet; a rare deadlock with a bet is retried by
 * the transaction. An empty pool pays nothing and posts nothing.
 */
export const payJackpot = async (
  tx: Db,
  posting: {
    caller: VendorCaller;
    memberAccountId: number;
    idempotencyKey: string;
    reference: string;
    fingerprint: string;
  },
  options: PostOptions,
): Promise<PostedTransfer | null> => {
  if (!offersJackpot(posting.caller)) throw new AppError('VENDOR_JACKPOT_NOT_OFFERED');
  const shards = await lockHouseShards(tx, posting.caller.merchantId, { kind: 'jackpot' });
  const paying = shards.filter((shard) => shard.balanceMinor > 0n);
  const amountMinor = paying.reduce((sum, shard) => sum + shard.balanceMinor, 0n);
  if (amountMinor <= 0n) return null;
  return postTransfer(
    tx,
    {
      merchantId: posting.caller.merchantId,
      type: 'win',
      idempotencyKey: posting.idempotencyKey,
      reference: posting.reference,
      entries: [
        ...paying.map((shard) => ({ accountId: shard.id, amountMinor: -shard.balanceMinor })),
        { accountId: posting.memberAccountId, amountMinor },
      ],
      fingerprint: posting.fingerprint,
    },
    options,
  );
};
