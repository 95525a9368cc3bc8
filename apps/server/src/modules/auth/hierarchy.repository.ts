import type { Db } from '../../db/client.ts';

/**
 * Reads of the agent hierarchy (the closure table agent_hierarchy: one row per ancestor and
 * descendant, each member with itself at depth 0) for other modules: who a member's upline
 * is, whether someone lies in an agent's subtree, and the whole subtree.
 */

export type HierarchyMember = {
  id: number;
  username: string;
  nickname: string;
  type: number;
  status: 'active' | 'disabled';
};

type MemberRow = Omit<HierarchyMember, 'id'> & { id: string };

const toMember = (row: MemberRow): HierarchyMember => ({ ...row, id: Number(row.id) });

/** The member's direct upline (depth 1), or null when it has none. */
export const findDirectUpline = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<HierarchyMember | null> => {
  const row = await db.maybeOne<MemberRow>(
    `SELECT m.id, m.username, m.nickname, m.type, m.status
     FROM agent_hierarchy h JOIN members m ON m.id = h.ancestor_id
     WHERE h.merchant_id = $1 AND h.descendant_id = $2 AND h.depth = 1`,
    [merchantId, memberId],
  );
  return row && toMember(row);
};

/**
 * The member of that username if it lies in `ancestorId`'s subtree, with its depth below it
 * (0 is the ancestor itself); null when there is no such member at the merchant or it lies
 * outside the subtree.
 */
export const findInSubtree = async (
  db: Db,
  merchantId: number,
  ancestorId: number,
  username: string,
): Promise<(HierarchyMember & { depth: number }) | null> => {
  const row = await db.maybeOne<MemberRow & { depth: number }>(
    `SELECT m.id, m.username, m.nickname, m.type, m.status, h.depth
     FROM members m JOIN agent_hierarchy h ON h.descendant_id = m.id AND h.ancestor_id = $2
     WHERE m.merchant_id = $1 AND lower(m.username) = lower($3)`,
    [merchantId, ancestorId, username],
  );
  return row && { ...toMember(row), depth: row.depth };
};

/** Every member below `ancestorId`, at any depth (the ancestor itself excluded). */
export const findDescendantIds = async (
  db: Db,
  merchantId: number,
  ancestorId: number,
): Promise<number[]> => {
  const rows = await db.query<{ descendant_id: string }>(
    `SELECT descendant_id FROM agent_hierarchy
     WHERE merchant_id = $1 AND ancestor_id = $2 AND depth > 0`,
    [merchantId, ancestorId],
  );
  return rows.map((row) => Number(row.descendant_id));
};

/**
 * Moves a member and everything below it under another upline (null: the top), as operators do
 * (issue 22 item 6): the closure rows from its old ancestors to its subtree go, rows from its
 * new ancestors come, and its own upline changes. The caller has checked that the new upline is
 * not inside the subtree.
 */
export const moveSubtree = async (
  db: Db,
  merchantId: number,
  memberId: number,
  uplineId: number | null,
): Promise<void> => {
  await db.query(
    `DELETE FROM agent_hierarchy
     WHERE merchant_id = $1
       AND descendant_id IN (SELECT descendant_id FROM agent_hierarchy WHERE ancestor_id = $2)
       AND ancestor_id IN (SELECT ancestor_id FROM agent_hierarchy
                           WHERE descendant_id = $2 AND ancestor_id <> $2)`,
    [merchantId, memberId],
  );
  if (uplineId !== null) {
    await db.query(
      `INSERT INTO agent_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
       SELECT $1, above.ancestor_id, below.descendant_id, above.depth + below.depth + 1
       FROM agent_hierarchy above CROSS JOIN agent_hierarchy below
       WHERE above.descendant_id = $3 AND below.ancestor_id = $2`,
      [merchantId, memberId, uplineId],
    );
  }
  await db.query('UPDATE members SET upline_id = $3 WHERE merchant_id = $1 AND id = $2', [
    merchantId,
    memberId,
    uplineId,
  ]);
};

/** How many members lie below the member, at any depth. */
export const countDescendants = async (db: Db, memberId: number): Promise<number> =>
  (
    await db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM agent_hierarchy WHERE ancestor_id = $1 AND depth > 0',
      [memberId],
    )
  ).count;

/** Whether `memberId` lies in `ancestorId`'s subtree (itself included). */
export const isInSubtree = async (db: Db, ancestorId: number, memberId: number) =>
  (await db.maybeOne(
    'SELECT 1 FROM agent_hierarchy WHERE ancestor_id = $1 AND descendant_id = $2',
    [ancestorId, memberId],
  )) !== null;

export const setMemberType = (db: Db, merchantId: number, memberId: number, type: number) =>
  db.query('UPDATE members SET type = $3 WHERE merchant_id = $1 AND id = $2', [
    merchantId,
    memberId,
    type,
  ]);
