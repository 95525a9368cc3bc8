import type { Db } from '../../db/client.ts';

type Member = { merchantId: number; memberId: number };

/** The member's sign-ins in [from, to). */
export const countLogins = async (db: Db, member: Member, from: Date, to: Date) =>
  (
    await db.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM auth_events
       WHERE member_id = $1 AND merchant_id = $2 AND event = 'login.succeeded'
         AND at >= $3 AND at < $4`,
      [member.memberId, member.merchantId, from, to],
    )
  ).count;

/** The members who registered with the member's referral code in [from, to). */
export const countInvites = async (db: Db, member: Member, from: Date, to: Date) =>
  (
    await db.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM members
       WHERE referrer_id = $1 AND merchant_id = $2 AND created_at >= $3 AND created_at < $4`,
      [member.memberId, member.merchantId, from, to],
    )
  ).count;

export type GameRoundsRow = {
  vendor_code: string;
  game_code: string;
  valid_bet: string;
  wins: number;
};

/**
 * The member's settled real-money rounds closed in [from, to), by vendor and game: their valid
 * bet (debits less rollbacks) and how many paid back more than they staked.
 */
export const sumRoundsByGame = (db: Db, member: Member, from: Date, to: Date) =>
  db.query<GameRoundsRow>(
    `SELECT vendor_code, game_code, sum(debit_minor - rollback_minor)::text AS valid_bet,
       (count(*) FILTER (WHERE credit_minor > debit_minor - rollback_minor))::int AS wins
     FROM vendor_rounds
     WHERE merchant_id = $1 AND member_id = $2 AND status = 'settled' AND NOT play_money
       AND closed_at >= $3 AND closed_at < $4
     GROUP BY vendor_code, game_code`,
    [member.merchantId, member.memberId, from, to],
  );
