import type {
  BonusRule,
  ContestRule,
  EnvelopeRule,
  MissionRule,
  PromotionCategory,
  PromotionKind,
  RewardRule,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';

export type PromotionRow = {
  id: string;
  title: string;
  summary: string;
  content: string;
  image_url: string | null;
  kind: PromotionKind;
  categories: PromotionCategory[];
  starts_at: Date;
  ends_at: Date | null;
  new_members_days: number | null;
  agent_team: string | null;
  paused: boolean;
  bonus_rule: BonusRule | null;
  envelope_rule: EnvelopeRule | null;
  /** The committed seed of an envelope's split or a raffle's draw (hex). */
  seed: string | null;
  reward_rule: RewardRule | null;
  contest_rule: ContestRule | null;
  mission_rule: MissionRule | null;
  /** When a contest was decided; null before (and for the other kinds). */
  decided_at: Date | null;
  /** Whether the caller is in the audience (a visitor is in none that is narrowed). */
  in_audience: boolean;
};

const COLUMNS = `p.id, p.title, p.summary, p.content, p.image_url, p.kind, p.categories,
  p.starts_at, p.ends_at, p.new_members_days, a.username AS agent_team, p.paused, p.bonus_rule,
  p.envelope_rule, p.seed, p.reward_rule, p.contest_rule, p.mission_rule, p.decided_at`;

/**
 * Whether the member `m` (absent for a visitor) is in the activity's audience: registered
 * within its days, and in its agent's team (the closure table, the agent itself included). $4
 * is the time of the question.
 */
const IN_AUDIENCE = `coalesce(
  (p.new_members_days IS NULL OR m.created_at >= $4::timestamptz - p.new_members_days * interval '1 day')
  AND (p.agent_team_of IS NULL OR EXISTS (SELECT 1 FROM agent_hierarchy h
    WHERE h.ancestor_id = p.agent_team_of AND h.descendant_id = m.id)),
  p.new_members_days IS NULL AND p.agent_team_of IS NULL) AS in_audience`;

/**
 * The centre: the merchant's activities not yet ended (a contest: until its winners' days to
 * claim are over), of a category or all, in display order, each with whether `memberId` (null
 * for a visitor) is in its audience. Missions have a list of their own (findMemberMissions).
 */
export const findCentrePromotions = (
  db: Db,
  filter: { merchantId: number; memberId: number | null; category: string; now: Date },
) =>
  db.query<PromotionRow>(
    `SELECT ${COLUMNS}, ${IN_AUDIENCE}
     FROM promotions p
     LEFT JOIN members a ON a.id = p.agent_team_of
     LEFT JOIN members m ON m.id = $2::bigint
     WHERE p.merchant_id = $1 AND p.kind <> 'mission'
       AND (p.ends_at IS NULL OR p.ends_at > $4 OR (p.contest_rule IS NOT NULL
         AND p.ends_at + (p.contest_rule->>'claimDays')::int * interval '1 day' > $4))
       AND ($3 = 'all' OR $3 = ANY (p.categories))
     ORDER BY p.sort, p.id`,
    [filter.merchantId, filter.memberId, filter.category, filter.now],
  );

export type PromotionValues = {
  title: string;
  summary: string;
  content: string;
  imageUrl: string | null;
  kind: PromotionKind;
  categories: readonly PromotionCategory[];
  startsAt: string;
  endsAt: string | null;
  newMembersDays: number | null;
  agentTeamOf: number | null;
  sort: number;
  paused: boolean;
  bonusRule: BonusRule | null;
  envelopeRule: EnvelopeRule | null;
  /** A new seed when the activity needs one (an envelope, a raffle); one it has is kept. */
  seed: string | null;
  rewardRule: RewardRule | null;
  contestRule: ContestRule | null;
  missionRule: MissionRule | null;
};

const valuesOf = (values: PromotionValues) => [
  values.title,
  values.summary,
  values.content,
  values.imageUrl,
  values.kind,
  values.categories,
  values.startsAt,
  values.endsAt,
  values.newMembersDays,
  values.agentTeamOf,
  values.sort,
  values.paused,
  values.bonusRule === null ? null : JSON.stringify(values.bonusRule),
  values.envelopeRule === null ? null : JSON.stringify(values.envelopeRule),
  values.seed,
  values.rewardRule === null ? null : JSON.stringify(values.rewardRule),
  values.contestRule === null ? null : JSON.stringify(values.contestRule),
  values.missionRule === null ? null : JSON.stringify(values.missionRule),
];

export const insertPromotion = async (
  db: Db,
  merchantId: number,
  values: PromotionValues,
  now: Date,
): Promise<number> =>
  Number(
    (
      await db.one<{ id: string }>(
        `INSERT INTO promotions (title, summary, content, image_url, kind, categories, starts_at,
           ends_at, new_members_days, agent_team_of, sort, paused, bonus_rule, envelope_rule,
           seed, reward_rule, contest_rule, mission_rule, merchant_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9, $10, $11, $12, $13::jsonb, $14::jsonb,
           $15, $16::jsonb, $17::jsonb, $18::jsonb, $19, $20, $20)
         RETURNING id`,
        [...valuesOf(values), merchantId, now],
      )
    ).id,
  );

/** Replaces an activity of the merchant; false when it has none of that id. */
export const replacePromotion = async (
  db: Db,
  merchantId: number,
  id: number,
  values: PromotionValues,
  now: Date,
): Promise<boolean> =>
  (
    await db.query(
      `UPDATE promotions SET title = $1, summary = $2, content = $3, image_url = $4, kind = $5,
         categories = $6::text[], starts_at = $7, ends_at = $8, new_members_days = $9,
         agent_team_of = $10, sort = $11, paused = $12, bonus_rule = $13::jsonb,
         envelope_rule = $14::jsonb,
         seed = CASE WHEN $15::text IS NULL THEN NULL ELSE coalesce(seed, $15) END,
         reward_rule = $16::jsonb, contest_rule = $17::jsonb, mission_rule = $18::jsonb,
         updated_at = $21
       WHERE merchant_id = $19 AND id = $20 RETURNING id`,
      [...valuesOf(values), merchantId, id, now],
    )
  ).length > 0;

/** The merchant's missions not yet ended, in display order, with the member's audience. */
export const findMemberMissions = (
  db: Db,
  target: { merchantId: number; memberId: number; now: Date },
) =>
  db.query<PromotionRow>(
    `SELECT ${COLUMNS}, ${IN_AUDIENCE}
     FROM promotions p
     LEFT JOIN members a ON a.id = p.agent_team_of
     LEFT JOIN members m ON m.id = $2::bigint
     WHERE p.merchant_id = $1 AND p.kind = $3 AND (p.ends_at IS NULL OR p.ends_at > $4)
     ORDER BY p.sort, p.id`,
    [target.merchantId, target.memberId, 'mission', target.now],
  );

/** One activity as an operator wrote it (no caller, so no audience answer). */
export const getPromotion = (db: Db, merchantId: number, id: number) =>
  db.maybeOne<PromotionRow>(
    `SELECT ${COLUMNS}, true AS in_audience FROM promotions p
     LEFT JOIN members a ON a.id = p.agent_team_of
     WHERE p.merchant_id = $1 AND p.id = $2`,
    [merchantId, id],
  );

/**
 * One activity with whether the member is in its audience, locked until the transaction ends:
 * claims of one activity take their turn, so its budget is checked against what is paid.
 */
export const lockMemberPromotion = (
  db: Db,
  target: { merchantId: number; memberId: number; id: number; now: Date },
) =>
  db.maybeOne<PromotionRow>(
    `SELECT ${COLUMNS}, ${IN_AUDIENCE}
     FROM promotions p
     LEFT JOIN members a ON a.id = p.agent_team_of
     LEFT JOIN members m ON m.id = $2::bigint
     WHERE p.merchant_id = $1 AND p.id = $3
     FOR UPDATE OF p`,
    [target.merchantId, target.memberId, target.id, target.now],
  );

/** What an activity paid (see PromotionPayoutsSchema): one read over its three ledgers of record. */
export const sumPromotionPayouts = (db: Db, promotionId: number) =>
  db.one<{
    receivers: number;
    granted: string;
    released: string;
    forfeited: string;
    locked: string;
    envelopes: string;
    rewards: string;
  }>(
    `SELECT
       (SELECT count(*)::int FROM (
          SELECT member_id FROM bonus_grants WHERE promotion_id = $1
          UNION SELECT member_id FROM envelope_openings WHERE promotion_id = $1
          UNION SELECT member_id FROM promotion_applications
            WHERE promotion_id = $1 AND status = 'issued') AS receivers) AS receivers,
       g.granted, g.released, g.forfeited, g.locked,
       (SELECT coalesce(sum(amount_minor), 0)::text FROM envelope_openings
          WHERE promotion_id = $1) AS envelopes,
       (SELECT coalesce(sum(reward_minor), 0)::text FROM promotion_applications
          WHERE promotion_id = $1) AS rewards
     FROM (SELECT coalesce(sum(bonus_minor), 0)::text AS granted,
             coalesce(sum(bonus_minor) FILTER (WHERE status = 'released'), 0)::text AS released,
             coalesce(sum(bonus_minor) FILTER (WHERE status = 'forfeited'), 0)::text AS forfeited,
             coalesce(sum(bonus_minor) FILTER (WHERE status = 'active'), 0)::text AS locked
           FROM bonus_grants WHERE promotion_id = $1) AS g`,
    [promotionId],
  );
