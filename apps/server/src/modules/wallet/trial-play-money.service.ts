import { roleOfType } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { getMember } from '../auth/index.ts';
import {
  getOrCreateMemberAccount,
  houseAccountIdOf,
  houseShardOf,
  moveEntries,
  postTransfer,
} from '../ledger/index.ts';
import * as settings from './wallet-settings.repository.ts';

/**
 * A new trial account's play money (issue 29 item 5, decision 017): the merchant's amount, from
 * the house trial account into the trial's main wallet, in the caller's transaction. A trial's
 * money only ever moves between its wallet and the house trial account (its rounds are play
 * money, every real-money route refuses a trial), so it never meets real money. The key names
 * the member: the account is paid once. A merchant whose amount is 0 pays nothing.
 */
export const payTrialPlayMoney = async (
  tx: Db,
  { merchantId, memberId }: { merchantId: number; memberId: number },
): Promise<void> => {
  const member = await getMember(tx, merchantId, memberId);
  if (roleOfType(member.type) !== 'trial')
    throw new Error(`play money is for trial accounts only, not member ${memberId}`);
  const { trialPlayMoneyMinor } = await settings.findWalletSettings(tx, merchantId);
  const amountMinor = BigInt(trialPlayMoneyMinor);
  if (amountMinor === 0n) return;
  const wallet = await getOrCreateMemberAccount(tx, merchantId, memberId, { kind: 'main' });
  // Free plays of different trials lock different rows of the house account (decision 007).
  const houseId = await houseAccountIdOf(tx, merchantId, { kind: 'trial' }, houseShardOf(memberId));
  await postTransfer(tx, {
    merchantId,
    type: 'trial_credit',
    idempotencyKey: `trial:play-money:${memberId}`,
    reference: 'trial play money',
    entries: moveEntries(houseId, wallet.id, amountMinor),
  });
};
