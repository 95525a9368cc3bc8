import { isContestKind, isRewardKind, type BonusGrant } from '@lanna/contract';
import { AppError } from '../../shared/app-error.ts';
import { payDepositBonus, type BonusContext } from './bonus-grants.service.ts';
import { payContestPrize } from './contests.service.ts';
import { payMissionReward } from './missions.service.ts';
import { payPeriodReward } from './period-rewards.service.ts';
import { lockMemberPromotion } from './promotions.repository.ts';

/**
 * Claims an activity's bonus or reward (issue 24 items 2 and 3). The activity's row is locked
 * for the transaction, so a burst of claims pays once and a budget is never passed.
 */
export const claimPromotion = (ctx: BonusContext, promotionId: number): Promise<BonusGrant> =>
  ctx.db.transaction(async (tx) => {
    const row = await lockMemberPromotion(tx, { ...ctx, id: promotionId });
    if (!row) throw new AppError('PROMOTION_NOT_FOUND');
    if (isContestKind(row.kind)) return payContestPrize(tx, ctx, row);
    if (row.kind === 'mission') return payMissionReward(tx, ctx, row);
    return isRewardKind(row.kind) ? payPeriodReward(tx, ctx, row) : payDepositBonus(tx, ctx, row);
  });
