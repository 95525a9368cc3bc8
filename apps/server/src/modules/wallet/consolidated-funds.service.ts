import type { ConsolidatedFunds } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { findDescendantIds } from '../auth/index.ts';
import { sumMemberBalances } from '../ledger/index.ts';
import { currencyOf, getWalletSettings } from './wallet-mode.service.ts';

// Funds a member can play with; promotion money (bonus) and withdrawals on hold (locked) are not.
const FUND_WALLETS = ['main', 'vendor'] as const;

/**
 * GET /wps/member/info/funds/consolidated (spec section 7): only when the merchant's agent
 * policy is on (FEATURE_DISABLED otherwise); the route refuses a trial. The caller's funds and
 * its whole subtree's, from the ledger's cached balances.
 */
export const getConsolidatedFunds = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<ConsolidatedFunds> => {
  if (!(await getWalletSettings(db, merchantId)).agentPolicyEnabled)
    throw new AppError('FEATURE_DISABLED');
  const downlineIds = await findDescendantIds(db, merchantId, memberId);
  const [own, downlines, currency] = await Promise.all([
    sumMemberBalances(db, merchantId, [memberId], FUND_WALLETS),
    sumMemberBalances(db, merchantId, downlineIds, FUND_WALLETS),
    currencyOf(db, merchantId),
  ]);
  return {
    ...currency,
    ownBalanceMinor: own.toString(),
    downlineCount: downlineIds.length,
    downlineBalanceMinor: downlines.toString(),
    totalBalanceMinor: (own + downlines).toString(),
  };
};
