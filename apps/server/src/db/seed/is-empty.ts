import type { Db } from '../client.ts';

/**
 * True when the database has no merchant yet: the first start of a new installation. Apart from
 * the seed itself, so that a start on an existing database never loads the seed and its data.
 */
export const isEmpty = async (db: Db): Promise<boolean> => {
  const row = await db.one<{ count: number }>('SELECT count(*)::int AS count FROM merchants');
  return row.count === 0;
};
