import type { Db } from '../../db/client.ts';

export type ContestBetRow = {
  member_id: string;
  username: string;
  vendor_code: string;
  game_code: string;
  valid_bet: string;
  last_at: Date;
};

/**
 * The valid bets a contest counts (so far, while it runs): each member's settled real-money
 * rounds closed within the activity's period, by vendor and game (the
 * service keeps the rule's categories), with the last one's time. Only members of the audience
 * count: registered within its days of each round, in its agent's team. `memberId` narrows to
 * one member.
 */
export const findContestBets = (
  db: Db,
  target: { merchantId: number; promotionId: number; memberId: number | null },
) =>
  db.query<ContestBetRow>(
    `SELECT r.member_id, m.username, r.vendor_code, r.game_code,
       sum(r.debit_minor - r.rollback_minor)::text AS valid_bet, max(r.closed_at) AS last_at
     FROM promotions p
     JOIN vendor_rounds r ON r.merchant_id = p.merchant_id AND r.status = 'settled'
       AND NOT r.play_money AND r.closed_at >= p.starts_at AND r.closed_at < p.ends_at
     JOIN members m ON m.id = r.member_id
     WHERE p.merchant_id = $1 AND p.id = $2 AND ($3::bigint IS NULL OR r.member_id = $3)
       AND (p.new_members_days IS NULL
         OR m.created_at >= r.closed_at - p.new_members_days * interval '1 day')
       AND (p.agent_team_of IS NULL OR EXISTS (SELECT 1 FROM agent_hierarchy h
         WHERE h.ancestor_id = p.agent_team_of AND h.descendant_id = m.id))
     GROUP BY r.member_id, m.username, r.vendor_code, r.game_code`,
    [target.merchantId, target.promotionId, target.memberId],
  );

export type NewEntry = {
  memberId: number;
  entry: number;
  validBetMinor: bigint;
  tickets: bigint;
  place: number | null;
  prizeMinor: bigint | null;
};

/** A contest's entries and its decision, written once: the caller holds the activity's lock. */
export const insertDecision = async (
  db: Db,
  promotionId: number,
  entries: readonly NewEntry[],
  now: Date,
): Promise<void> => {
  if (entries.length > 0)
    await db.query(
      `INSERT INTO contest_entries (promotion_id, member_id, entry, valid_bet_minor, tickets,
         place, prize_minor)
       SELECT $1::bigint, * FROM unnest($2::bigint[], $3::int[], $4::bigint[], $5::bigint[], $6::int[],
         $7::bigint[])`,
      [
        promotionId,
        entries.map((entry) => entry.memberId),
        entries.map((entry) => entry.entry),
        entries.map((entry) => entry.validBetMinor.toString()),
        entries.map((entry) => entry.tickets.toString()),
        entries.map((entry) => (entry.place === null ? null : String(entry.place))),
        entries.map((entry) => entry.prizeMinor?.toString() ?? null),
      ],
    );
  await db.query('UPDATE promotions SET decided_at = $2 WHERE id = $1', [promotionId, now]);
};

export type EntryRow = {
  member_id: string;
  username: string;
  entry: number;
  valid_bet_minor: string;
  tickets: string;
  place: number | null;
  prize_minor: string | null;
};

const ENTRY_COLUMNS = `e.member_id, m.username, e.entry, e.valid_bet_minor::text,
  e.tickets::text, e.place, e.prize_minor::text`;

/** A decided contest's entries in entry order. */
export const findEntries = (db: Db, promotionId: number) =>
  db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM contest_entries e JOIN members m ON m.id = e.member_id
     WHERE e.promotion_id = $1 ORDER BY e.entry`,
    [promotionId],
  );

export const findEntry = (db: Db, promotionId: number, memberId: number) =>
  db.maybeOne<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM contest_entries e JOIN members m ON m.id = e.member_id
     WHERE e.promotion_id = $1 AND e.member_id = $2`,
    [promotionId, memberId],
  );

/** The contests of every merchant that have ended and wait for their decision. */
export const findUndecidedContests = (db: Db, now: Date) =>
  db.query<{ id: string; merchant_id: number }>(
    `SELECT id, merchant_id FROM promotions
     WHERE contest_rule IS NOT NULL AND decided_at IS NULL AND ends_at <= $1
     ORDER BY ends_at, id`,
    [now],
  );

/** A contest locked for its decision, with whether it is still to decide. */
export const lockContest = (db: Db, promotionId: number) =>
  db.maybeOne<{ decided_at: Date | null }>(
    'SELECT decided_at FROM promotions WHERE id = $1 FOR UPDATE',
    [promotionId],
  );
