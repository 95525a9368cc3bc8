import type { Db } from '../../db/client.ts';

/**
 * Marks a challenge spent; false when it already was (a replay). Spent challenges past their
 * expiry are dropped first: an expired proof is refused on its date alone.
 */
export const spendChallenge = async (
  db: Db,
  challenge: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> => {
  await db.query('DELETE FROM human_proofs_used WHERE expires_at < $1', [now]);
  const rows = await db.query<{ challenge: string }>(
    `INSERT INTO human_proofs_used (challenge, expires_at) VALUES ($1, $2)
     ON CONFLICT (challenge) DO NOTHING RETURNING challenge`,
    [challenge, expiresAt],
  );
  return rows.length === 1;
};
