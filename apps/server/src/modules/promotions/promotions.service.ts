import { isDeepStrictEqual } from 'node:util';
import {
  AGENT_TYPES,
  DEPOSIT_BONUS_KINDS,
  type AvailablePromotions,
  isContestKind,
  isRewardKind,
  type Promotion,
  type PromotionPayouts,
  type PromotionCategory,
  type PromotionDraftSchema,
  type PromotionStatus,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso, toIsoOrNull } from '../../shared/clock.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findMemberByUsername } from '../auth/index.ts';
import { sanitizeHtml } from '../content/index.ts';
import { getMerchantBrand, getMerchantByCode } from '../system/index.ts';
import { applicationStatusesOf } from './applications.service.ts';
import { hasGrant } from './bonus-grants.repository.ts';
import {
  findMemberDeposits,
  qualifyingDeposit,
  type MemberDeposits,
} from './bonus-grants.service.ts';
import { newCommittedSeed } from './committed-seed.ts';
import { contestStatusOf } from './contests.service.ts';
import { rewardStatusOf } from './period-rewards.service.ts';
import * as repository from './promotions.repository.ts';
import { countOpenings, findOpenedPromotionIds } from './red-envelopes.repository.ts';

type Draft = z.output<typeof PromotionDraftSchema>;

/**
 * The caller's status of an activity (spec section 4), as its period and audience decide:
 * paused or ended is closed, not started is coming soon, outside its audience is application
 * forbidden, otherwise open to join.
 */
const statusOf = (row: repository.PromotionRow, now: Date): PromotionStatus => {
  if (row.paused) return 'close';
  if (row.starts_at > now) return 'coming_soon';
  // Only a contest is still in the centre once ended (its winners' days to claim).
  if (row.ends_at !== null && row.ends_at <= now) return 'close';
  return row.in_audience ? 'join' : 'application_forbidden';
};

/**
 * A member's status of a deposit bonus open to them: claimed when its deposit is paid for,
 * claim when a deposit qualifies, otherwise join (a deposit is still to make).
 */
const depositBonusStatusOf = async (
  db: Db,
  target: { memberId: number; deposits: Promise<MemberDeposits> },
  row: repository.PromotionRow,
): Promise<PromotionStatus> => {
  if (!row.bonus_rule) return 'join';
  const deposit = qualifyingDeposit(await target.deposits, row, row.bonus_rule);
  if (!deposit) return 'join';
  return (await hasGrant(db, Number(row.id), target.memberId, deposit.transferId))
    ? 'claimed'
    : 'claim';
};

const toPromotion = (
  row: repository.PromotionRow,
  now: Date,
  status: PromotionStatus = statusOf(row, now),
): Promotion => ({
  id: Number(row.id),
  title: row.title,
  summary: row.summary,
  content: row.content,
  imageUrl: row.image_url,
  kind: row.kind,
  categories: row.categories,
  startsAt: toIso(row.starts_at),
  endsAt: toIsoOrNull(row.ends_at),
  audience: { newMembersWithinDays: row.new_members_days, agentTeamOf: row.agent_team },
  bonusRule: row.bonus_rule,
  envelopeRule: row.envelope_rule,
  rewardRule: row.reward_rule,
  contestRule: row.contest_rule,
  missionRule: row.mission_rule,
  status,
});

/** The centre for a visitor (`memberId` null) or a signed-in member. */
export const findPromotions = async (
  db: Db,
  target: { merchantId: number; memberId: number | null },
  category: 'all' | PromotionCategory,
  now: Date,
): Promise<{ list: Promotion[] }> => {
  const rows = await repository.findCentrePromotions(db, { ...target, category, now });
  const { memberId } = target;
  const idsOf = (kind: repository.PromotionRow['kind']) =>
    rows.filter((row) => row.kind === kind).map((row) => Number(row.id));
  const [opened, applied] =
    memberId === null
      ? [new Set<number>(), new Map<number, PromotionStatus>()]
      : await Promise.all([
          findOpenedPromotionIds(db, memberId, idsOf('red_envelope')),
          applicationStatusesOf(db, memberId, idsOf('apply_review')),
        ]);
  // Read once, and only when a deposit bonus on the page needs them.
  let deposits: Promise<MemberDeposits> | undefined;
  const depositsOf = (member: number) =>
    (deposits ??= findMemberDeposits({ db, merchantId: target.merchantId, memberId: member }));
  // Read once, and only when a period reward on the page needs it.
  let timeZone: Promise<string> | undefined;
  const timeZoneOf = () =>
    (timeZone ??= getMerchantBrand(db, target.merchantId).then((brand) => brand.timeZone));
  const list = await Promise.all(
    rows.map(async (row) => {
      const status = statusOf(row, now);
      if (opened.has(Number(row.id))) return toPromotion(row, now, 'claimed');
      const contestFor =
        isContestKind(row.kind) &&
        row.contest_rule !== null &&
        !row.paused &&
        row.starts_at <= now &&
        row.in_audience;
      if (contestFor && memberId !== null)
        return toPromotion(
          row,
          now,
          await contestStatusOf({ db, merchantId: target.merchantId, memberId, now }, row),
        );
      const application = applied.get(Number(row.id));
      if (application && status === 'join') return toPromotion(row, now, application);
      if (memberId === null || status !== 'join') return toPromotion(row, now, status);
      if (isRewardKind(row.kind))
        return toPromotion(
          row,
          now,
          await rewardStatusOf(
            { db, merchantId: target.merchantId, memberId, now, timeZone: await timeZoneOf() },
            row,
          ),
        );
      if (!DEPOSIT_BONUS_KINDS.includes(row.kind)) return toPromotion(row, now, status);
      return toPromotion(
        row,
        now,
        await depositBonusStatusOf(db, { memberId, deposits: depositsOf(memberId) }, row),
      );
    }),
  );
  return { list };
};

/** What the member can claim now: the centre's activities whose status for them is claim. */
export const findAvailablePromotions = async (
  db: Db,
  target: { merchantId: number; memberId: number },
  now: Date,
): Promise<AvailablePromotions> => {
  const { list } = await findPromotions(db, target, 'all', now);
  const available = list
    .filter((promotion) => promotion.status === 'claim')
    .map(({ id, title }) => ({ id, title }));
  return { availablePromoCount: available.length, availablePromo: available };
};

/** The draft as stored: content sanitised, the audience's agent by id (an agent of the merchant). */
const valuesOf = async (
  db: Db,
  merchantId: number,
  draft: Draft,
): Promise<repository.PromotionValues> => {
  let agentTeamOf: number | null = null;
  if (draft.audience.agentTeamOf !== null) {
    const agent = await findMemberByUsername(db, merchantId, draft.audience.agentTeamOf);
    if (!agent || !(AGENT_TYPES as readonly number[]).includes(agent.type))
      throw new AppError('RULES_NOT_MET', {
        issues: [{ path: 'audience.agentTeamOf', message: 'an agent of the merchant' }],
      });
    agentTeamOf = Number(agent.id);
  }
  return {
    title: draft.title,
    summary: draft.summary,
    content: sanitizeHtml(draft.content),
    imageUrl: draft.imageUrl,
    kind: draft.kind,
    categories: [...new Set(draft.categories)],
    startsAt: draft.startsAt,
    endsAt: draft.endsAt,
    newMembersDays: draft.audience.newMembersWithinDays,
    agentTeamOf,
    sort: draft.sort,
    paused: draft.paused,
    bonusRule: draft.bonusRule,
    envelopeRule: draft.envelopeRule,
    seed: draft.envelopeRule !== null || draft.kind === 'raffle' ? newCommittedSeed() : null,
    rewardRule: draft.rewardRule,
    contestRule: draft.contestRule,
    missionRule: draft.missionRule,
  };
};

type OperatorContext = { actor: string; now: Date };

/** Once an envelope is opened its split is fixed: the pool, the shares and the minimum stay. */
const assertEnvelopeKept = async (
  db: Db,
  id: number,
  before: repository.PromotionRow,
  values: repository.PromotionValues,
) => {
  const [was, will] = [before.envelope_rule, values.envelopeRule];
  if (!was) return;
  const same =
    will !== null &&
    was.poolMinor === will.poolMinor &&
    was.shares === will.shares &&
    was.minShareMinor === will.minShareMinor;
  if (!same && (await countOpenings(db, id)) > 0)
    throw new AppError('RULES_NOT_MET', {
      issues: [{ path: 'envelopeRule', message: 'fixed once the envelope is opened' }],
    });
};

/** Once a contest is decided, its kind, period and rule stay: its winners were chosen by them. */
const assertContestKept = (before: repository.PromotionRow, values: repository.PromotionValues) => {
  if (before.decided_at === null) return;
  const same =
    values.kind === before.kind &&
    Date.parse(values.startsAt) === before.starts_at.getTime() &&
    values.endsAt !== null &&
    Date.parse(values.endsAt) === before.ends_at?.getTime() &&
    isDeepStrictEqual(values.contestRule, before.contest_rule);
  if (!same)
    throw new AppError('RULES_NOT_MET', {
      issues: [{ path: 'contestRule', message: 'fixed once the contest is decided' }],
    });
};

/** Creates or replaces an activity (issue 24 item 6), with its audit row in the transaction. */
export const savePromotion = async (
  db: Db,
  target: { merchantCode: string; id?: number },
  draft: Draft,
  context: OperatorContext,
): Promise<Promotion> => {
  const merchant = await getMerchantByCode(db, target.merchantCode);
  return db.transaction(async (tx) => {
    const values = await valuesOf(tx, merchant.id, draft);
    const before =
      target.id === undefined ? null : await repository.getPromotion(tx, merchant.id, target.id);
    if (before && target.id !== undefined) await assertEnvelopeKept(tx, target.id, before, values);
    if (before) assertContestKept(before, values);
    let id = target.id;
    if (id === undefined)
      id = await repository.insertPromotion(tx, merchant.id, values, context.now);
    else if (!(await repository.replacePromotion(tx, merchant.id, id, values, context.now)))
      throw new AppError('NOT_FOUND');
    const saved = await repository.getPromotion(tx, merchant.id, id);
    if (!saved) throw new AppError('NOT_FOUND');
    const promotion = toPromotion(saved, context.now);
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: context.actor,
      action: before ? 'promotion.update' : 'promotion.create',
      target: `promotion:${id}`,
      reason: draft.reason,
      before: before ? toPromotion(before, context.now) : null,
      after: promotion,
    });
    return promotion;
  });
};

/** What an activity of the merchant has paid so far (issue 24 item 6). */
export const getPromotionPayouts = async (
  db: Db,
  target: { merchantCode: string; id: number },
): Promise<PromotionPayouts> => {
  const merchant = await getMerchantByCode(db, target.merchantCode);
  if (!(await repository.getPromotion(db, merchant.id, target.id))) throw new AppError('NOT_FOUND');
  const sums = await repository.sumPromotionPayouts(db, target.id);
  const paid = BigInt(sums.released) + BigInt(sums.envelopes) + BigInt(sums.rewards);
  return {
    promotionId: target.id,
    receivers: sums.receivers,
    bonusGrantedMinor: sums.granted,
    bonusReleasedMinor: sums.released,
    bonusForfeitedMinor: sums.forfeited,
    bonusLockedMinor: sums.locked,
    envelopesMinor: sums.envelopes,
    rewardsMinor: sums.rewards,
    paidMinor: paid.toString(),
  };
};
