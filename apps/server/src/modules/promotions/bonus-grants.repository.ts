import type { BonusGrantStatus, BonusRule } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

export type GrantRow = {
  id: string;
  member_id: string;
  promotion_id: string;
  title: string;
  deposit_transfer_id: string | null;
  deposit_minor: string;
  bonus_minor: string;
  wagering_required_minor: string;
  wagered_minor: string;
  contribution: BonusRule['contributionPercent'];
  forfeit_on_withdrawal: boolean;
  status: BonusGrantStatus;
  forfeit_reason: 'expired' | 'withdrawal' | null;
  granted_at: Date;
  expires_at: Date;
  settled_at: Date | null;
};

const COLUMNS = `g.id, g.member_id, g.promotion_id, p.title, g.deposit_transfer_id, g.deposit_minor,
  g.bonus_minor, g.wagering_required_minor, g.wagered_minor, g.contribution,
  g.forfeit_on_withdrawal, g.status, g.forfeit_reason, g.granted_at, g.expires_at, g.settled_at`;

/** What an activity has paid so far: to how many members, and how much in all. */
export const sumPromotionGrants = async (db: Db, promotionId: number) => {
  const row = await db.one<{ receivers: string; total: string }>(
    `SELECT count(DISTINCT member_id)::text AS receivers, coalesce(sum(bonus_minor), 0)::text AS total
     FROM bonus_grants WHERE promotion_id = $1`,
    [promotionId],
  );
  return { receivers: Number(row.receivers), totalMinor: BigInt(row.total) };
};

/** Whether the member has a grant of the activity, for that deposit or (null) for any. */
export const hasGrant = async (
  db: Db,
  promotionId: number,
  memberId: number,
  depositTransferId: number | null,
): Promise<boolean> =>
  (await db.maybeOne(
    `SELECT 1 FROM bonus_grants WHERE promotion_id = $1 AND member_id = $2
       AND ($3::bigint IS NULL OR deposit_transfer_id = $3)`,
    [promotionId, memberId, depositTransferId],
  )) !== null;

/** Whether the member has a grant of the activity for a period (a period reward's key). */
export const hasPeriodGrant = async (
  db: Db,
  promotionId: number,
  memberId: number,
  periodKey: string,
): Promise<boolean> =>
  (await db.maybeOne(
    `SELECT 1 FROM bonus_grants WHERE promotion_id = $1 AND member_id = $2 AND period_key = $3`,
    [promotionId, memberId, periodKey],
  )) !== null;

/**
 * A grant to open: for a deposit (a deposit bonus) or for a period (a period reward). One
 * without wagering is released as it is granted.
 */
export type NewGrant = {
  merchantId: number;
  memberId: number;
  promotionId: number;
  paidFor: { depositTransferId: number } | { periodKey: string };
  depositMinor: bigint;
  bonusMinor: bigint;
  wageringRequiredMinor: bigint;
  contribution: BonusRule['contributionPercent'];
  forfeitOnWithdrawal: boolean;
  maxBetMinor: bigint | null;
  grantedAt: Date;
  expiresAt: Date;
};

export const insertGrant = async (db: Db, grant: NewGrant): Promise<number> =>
  Number(
    (
      await db.one<{ id: string }>(
        `INSERT INTO bonus_grants (merchant_id, member_id, promotion_id, deposit_transfer_id,
           deposit_minor, bonus_minor, wagering_required_minor, contribution,
           forfeit_on_withdrawal, max_bet_minor, status, granted_at, expires_at, period_key,
           settled_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10,
           CASE WHEN $7::bigint = 0 THEN 'released' ELSE 'active' END, $11, $12, $13,
           CASE WHEN $7::bigint = 0 THEN $11::timestamptz END)
         RETURNING id`,
        [
          grant.merchantId,
          grant.memberId,
          grant.promotionId,
          'depositTransferId' in grant.paidFor ? grant.paidFor.depositTransferId : null,
          grant.depositMinor.toString(),
          grant.bonusMinor.toString(),
          grant.wageringRequiredMinor.toString(),
          JSON.stringify(grant.contribution),
          grant.forfeitOnWithdrawal,
          grant.maxBetMinor?.toString() ?? null,
          grant.grantedAt,
          grant.expiresAt,
          'periodKey' in grant.paidFor ? grant.paidFor.periodKey : null,
        ],
      )
    ).id,
  );

export const getGrant = (db: Db, id: number) =>
  db.one<GrantRow>(
    `SELECT ${COLUMNS} FROM bonus_grants g JOIN promotions p ON p.id = g.promotion_id
     WHERE g.id = $1`,
    [id],
  );

/** The member's grants: open ones first, then newest first. */
export const findMemberGrants = (db: Db, merchantId: number, memberId: number) =>
  db.query<GrantRow>(
    `SELECT ${COLUMNS} FROM bonus_grants g JOIN promotions p ON p.id = g.promotion_id
     WHERE g.merchant_id = $1 AND g.member_id = $2
     ORDER BY g.status = 'active' DESC, g.granted_at DESC, g.id DESC
     LIMIT 200`,
    [merchantId, memberId],
  );

/** The member's open grants, oldest first, locked until the transaction ends. */
export const lockActiveGrants = (db: Db, merchantId: number, memberId: number) =>
  db.query<GrantRow>(
    `SELECT ${COLUMNS} FROM bonus_grants g JOIN promotions p ON p.id = g.promotion_id
     WHERE g.merchant_id = $1 AND g.member_id = $2 AND g.status = 'active'
     ORDER BY g.granted_at, g.id
     FOR UPDATE OF g`,
    [merchantId, memberId],
  );

/** Members with an open grant: the ones a wagering pass looks at. */
export const findMembersWithActiveGrants = async (db: Db, merchantId: number) =>
  (
    await db.query<{ member_id: string }>(
      `SELECT DISTINCT member_id FROM bonus_grants WHERE merchant_id = $1 AND status = 'active'`,
      [merchantId],
    )
  ).map((row) => Number(row.member_id));

export type RoundRow = {
  id: string;
  vendor_code: string;
  game_code: string;
  stake_minor: string;
  opened_at: Date;
};

/**
 * The member's settled real-money rounds opened since `since` and counted for no grant yet,
 * in the order they closed: their valid stake is what they took and kept (debits less
 * rollbacks). A page at a time.
 */
export const findUncountedRounds = (db: Db, merchantId: number, memberId: number, since: Date) =>
  db.query<RoundRow>(
    `SELECT r.id, r.vendor_code, r.game_code, (r.debit_minor - r.rollback_minor)::text AS stake_minor,
       r.opened_at
     FROM vendor_rounds r
     WHERE r.merchant_id = $1 AND r.member_id = $2 AND r.status = 'settled'
       AND NOT r.play_money AND r.opened_at >= $3
       AND NOT EXISTS (SELECT 1 FROM bonus_wagers w WHERE w.round_ref = r.id)
     ORDER BY r.closed_at, r.id
     LIMIT 1000`,
    [merchantId, memberId, since],
  );

export type NewWager = {
  roundRef: number;
  grantId: number;
  stakeMinor: bigint;
  countedMinor: bigint;
};

export const insertWagers = async (db: Db, wagers: readonly NewWager[], now: Date) => {
  if (wagers.length === 0) return;
  await db.query(
    `INSERT INTO bonus_wagers (round_ref, grant_id, stake_minor, counted_minor, counted_at)
     SELECT * , $5::timestamptz FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[])`,
    [
      wagers.map((wager) => wager.roundRef),
      wagers.map((wager) => wager.grantId),
      wagers.map((wager) => wager.stakeMinor.toString()),
      wagers.map((wager) => wager.countedMinor.toString()),
      now,
    ],
  );
};

export const updateGrantProgress = (db: Db, id: number, wageredMinor: bigint) =>
  db.query('UPDATE bonus_grants SET wagered_minor = $2 WHERE id = $1', [
    id,
    wageredMinor.toString(),
  ]);

export const closeGrant = (
  db: Db,
  id: number,
  outcome: { status: 'released' } | { status: 'forfeited'; reason: 'expired' | 'withdrawal' },
  now: Date,
) =>
  db.query(
    `UPDATE bonus_grants SET status = $2, forfeit_reason = $3, settled_at = $4
     WHERE id = $1 AND status = 'active'`,
    [id, outcome.status, outcome.status === 'forfeited' ? outcome.reason : null, now],
  );

/** The largest bet each of the members may place: the smallest limit of their open grants. */
export const findBetLimits = async (db: Db, merchantId: number, memberIds: readonly number[]) =>
  new Map(
    (
      await db.query<{ member_id: string; limit_minor: string }>(
        `SELECT member_id, min(max_bet_minor)::text AS limit_minor FROM bonus_grants
         WHERE merchant_id = $1 AND member_id = ANY ($2::bigint[]) AND status = 'active'
           AND max_bet_minor IS NOT NULL
         GROUP BY member_id`,
        [merchantId, memberIds.map(String)],
      )
    ).map((row) => [Number(row.member_id), BigInt(row.limit_minor)]),
  );
