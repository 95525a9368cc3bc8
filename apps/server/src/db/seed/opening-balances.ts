import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
} from '../../modules/ledger/index.ts';
import type { Db } from '../client.ts';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.ts';

const TRIAL_TYPE = 4;

/**
 * Pays each demo account its opening balance through the ledger, as any money would move: a
 * transfer from a house account (operator adjustments; the trial house account for a trial's
 * play money). The idempotency key names the account, so every later start replays the first
 * transfer and pays nothing twice.
 */
const payOpeningBalance = async (
  tx: Db,
  merchantId: number,
  account: DemoAccount & { openingBalanceMinor: bigint },
): Promise<void> => {
  const member = await tx.one<{ id: string }>(
    'SELECT id FROM members WHERE merchant_id = $1 AND lower(username) = lower($2)',
    [merchantId, account.username],
  );
  const trial = account.type === TRIAL_TYPE;
  const wallet = await getOrCreateMemberAccount(tx, merchantId, Number(member.id), {
    kind: 'main',
  });
  const house = await getOrCreateHouseAccount(tx, merchantId, {
    kind: trial ? 'trial' : 'adjustment',
  });
  await postTransfer(tx, {
    merchantId,
    type: trial ? 'trial_credit' : 'opening_balance',
    idempotencyKey: `seed:opening-balance:${account.username.toLowerCase()}`,
    reference: 'demo data',
    entries: moveEntries(house.id, wallet.id, account.openingBalanceMinor),
  });
};

/** Opening balances of the demo accounts that have one; returns how many. */
export const seedOpeningBalances = async (
  tx: Db,
  merchants: readonly { id: number; code: string }[],
): Promise<number> => {
  let count = 0;
  for (const account of DEMO_ACCOUNTS) {
    const merchant = merchants.find((m) => m.code === account.merchantCode);
    const { openingBalanceMinor } = account;
    if (!merchant || openingBalanceMinor === undefined) continue;
    await payOpeningBalance(tx, merchant.id, { ...account, openingBalanceMinor });
    count += 1;
  }
  return count;
};
