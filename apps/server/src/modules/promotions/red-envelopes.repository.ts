import type { Db } from '../../db/client.ts';

export type OpeningRow = {
  share_index: number;
  amount_minor: string;
  opened_at: Date;
};

/** How many shares of the envelope are taken. */
export const countOpenings = async (db: Db, promotionId: number): Promise<number> =>
  (
    await db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM envelope_openings WHERE promotion_id = $1',
      [promotionId],
    )
  ).count;

export const findOpening = (db: Db, promotionId: number, memberId: number) =>
  db.maybeOne<OpeningRow>(
    `SELECT share_index, amount_minor, opened_at FROM envelope_openings
     WHERE promotion_id = $1 AND member_id = $2`,
    [promotionId, memberId],
  );

export const insertOpening = (
  db: Db,
  opening: {
    promotionId: number;
    memberId: number;
    shareIndex: number;
    amountMinor: bigint;
    openedAt: Date;
  },
) =>
  db.query(
    `INSERT INTO envelope_openings (promotion_id, member_id, share_index, amount_minor, opened_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      opening.promotionId,
      opening.memberId,
      opening.shareIndex,
      opening.amountMinor.toString(),
      opening.openedAt,
    ],
  );

/** The activities of `ids` the member opened (for the centre's 'claimed'). */
export const findOpenedPromotionIds = async (
  db: Db,
  memberId: number,
  ids: readonly number[],
): Promise<Set<number>> =>
  new Set(
    (
      await db.query<{ promotion_id: string }>(
        `SELECT promotion_id FROM envelope_openings
         WHERE member_id = $1 AND promotion_id = ANY ($2::bigint[])`,
        [memberId, [...ids]],
      )
    ).map((row) => Number(row.promotion_id)),
  );
