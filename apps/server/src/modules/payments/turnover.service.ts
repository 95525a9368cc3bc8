import type { Db } from '../../db/client.ts';
import { findLastMemberTransfer, sumMemberEntriesByType } from '../ledger/index.ts';

/**
 * The turnover requirement of a withdrawal (issue 4 item 6): the member's bets since the last
 * deposit must reach that deposit times the merchant's multiplier (in hundredths, so 150 is
 * 1.5x, rounded up to the minor unit). Bets are measured in the ledger: the member side of
 * 'bet' transfers net of their 'rollback's, over every wallet of the member, after the last
 * 'deposit' transfer. A member who never deposited owes no turnover.
 */
export type Turnover = {
  requiredMinor: bigint;
  achievedMinor: bigint;
  remainingMinor: bigint;
  multiplierPercent: number;
  lastDepositMinor: bigint | null;
  lastDepositAt: Date | null;
};

const ceilDiv = (numerator: bigint, denominator: bigint): bigint =>
  (numerator + denominator - 1n) / denominator;

export const getTurnover = async (
  db: Db,
  merchantId: number,
  memberId: number,
  multiplierPercent: number,
): Promise<Turnover> => {
  const deposit = await findLastMemberTransfer(db, merchantId, memberId, 'deposit');
  if (!deposit)
    return {
      requiredMinor: 0n,
      achievedMinor: 0n,
      remainingMinor: 0n,
      multiplierPercent,
      lastDepositMinor: null,
      lastDepositAt: null,
    };
  const sums = await sumMemberEntriesByType(
    db,
    merchantId,
    memberId,
    ['bet', 'rollback'],
    deposit.transferId,
  );
  // Bets take from the member (negative), rollbacks give back: turnover is what stayed taken.
  const net = -((sums.get('bet') ?? 0n) + (sums.get('rollback') ?? 0n));
  const achievedMinor = net > 0n ? net : 0n;
  const depositMinor = deposit.memberNetMinor > 0n ? deposit.memberNetMinor : 0n;
  const requiredMinor = ceilDiv(depositMinor * BigInt(multiplierPercent), 100n);
  const remainingMinor = requiredMinor > achievedMinor ? requiredMinor - achievedMinor : 0n;
  return {
    requiredMinor,
    achievedMinor,
    remainingMinor,
    multiplierPercent,
    lastDepositMinor: depositMinor,
    lastDepositAt: deposit.postedAt,
  };
};
