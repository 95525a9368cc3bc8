import type { EnvelopeOpening, EnvelopeState } from '@lanna/contract';
import { AppError } from '../../shared/app-error.ts';
import { toIso } from '../../shared/clock.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
} from '../ledger/index.ts';
import { assertOpenTo } from './activity-window.ts';
import type { BonusContext } from './bonus-grants.service.ts';
import { seedHashOf } from './committed-seed.ts';
import { envelopeSharesOf } from './envelope-shares.ts';
import { getPromotion, lockMemberPromotion, type PromotionRow } from './promotions.repository.ts';
import * as openings from './red-envelopes.repository.ts';

/** The envelope's rule and seed, or PROMOTION_NOT_FOUND for an activity that is no envelope. */
const envelopeOf = (row: PromotionRow | null) => {
  if (row?.kind !== 'red_envelope' || !row.envelope_rule || !row.seed)
    throw new AppError('PROMOTION_NOT_FOUND');
  const rule = {
    poolMinor: BigInt(row.envelope_rule.poolMinor),
    shares: row.envelope_rule.shares,
    minShareMinor: BigInt(row.envelope_rule.minShareMinor),
  };
  return { row, rule, seed: row.seed };
};

/**
 * Opens a red envelope (issue 24 item 2): within its period and audience, once per member, the
 * next share of the split goes from the house's promotion account to the member's main wallet.
 * The activity's row is locked for the transaction: openings take their turn, each share is
 * taken once, and the last opener finds it spent.
 */
export const openEnvelope = (ctx: BonusContext, promotionId: number): Promise<EnvelopeOpening> =>
  ctx.db.transaction(async (tx) => {
    const { row, rule, seed } = envelopeOf(
      await lockMemberPromotion(tx, { ...ctx, id: promotionId }),
    );
    assertOpenTo(row, ctx.now);
    if (await openings.findOpening(tx, promotionId, ctx.memberId))
      throw new AppError('PROMOTION_ALREADY_CLAIMED');
    const shareIndex = await openings.countOpenings(tx, promotionId);
    const amountMinor = envelopeSharesOf(seed, rule)[shareIndex];
    if (amountMinor === undefined) throw new AppError('PROMOTION_BUDGET_SPENT');
    await openings.insertOpening(tx, {
      promotionId,
      memberId: ctx.memberId,
      shareIndex,
      amountMinor,
      openedAt: ctx.now,
    });
    const house = await getOrCreateHouseAccount(tx, ctx.merchantId, { kind: 'promotion' });
    const main = await getOrCreateMemberAccount(tx, ctx.merchantId, ctx.memberId, {
      kind: 'main',
    });
    await postTransfer(
      tx,
      {
        merchantId: ctx.merchantId,
        type: 'bonus',
        idempotencyKey: `envelope:${promotionId}:${shareIndex}`,
        reference: `promotion:${promotionId}`,
        entries: moveEntries(house.id, main.id, amountMinor),
      },
      { events: ctx.events, now: ctx.now },
    );
    return {
      promotionId,
      shareIndex,
      amountMinor: amountMinor.toString(),
      openedAt: toIso(ctx.now),
    };
  });

/** What anyone may know of an envelope; its seed and shares once the activity has ended. */
export const getEnvelopeState = async (
  ctx: Omit<BonusContext, 'memberId' | 'events'>,
  promotionId: number,
): Promise<EnvelopeState> => {
  const { row, rule, seed } = envelopeOf(await getPromotion(ctx.db, ctx.merchantId, promotionId));
  const revealed = row.ends_at !== null && row.ends_at <= ctx.now;
  return {
    promotionId,
    poolMinor: rule.poolMinor.toString(),
    shares: rule.shares,
    minShareMinor: rule.minShareMinor.toString(),
    opened: await openings.countOpenings(ctx.db, promotionId),
    seedHash: seedHashOf(seed),
    seed: revealed ? seed : null,
    sharesMinor: revealed ? envelopeSharesOf(seed, rule).map(String) : null,
  };
};
