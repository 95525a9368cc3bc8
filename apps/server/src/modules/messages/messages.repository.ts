import type { MessageKind } from '@lanna/contract';
import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

export type MessageRow = {
  id: string;
  kind: MessageKind;
  title: string;
  content: string;
  created_at: Date;
  /** With `id`, the message's place in the box's order (decision 016). */
  created_at_micros: string;
  read: boolean;
};

export type Box = { merchantId: number; memberId: number };

// A member's box: the messages addressed to the member or to the whole merchant, less the ones
// the member deleted. $1 merchant, $2 member.
const IN_BOX = `m.merchant_id = $1 AND (m.member_id = $2 OR m.member_id IS NULL)
  AND s.deleted_at IS NULL`;
const WITH_STATE = `messages m
  LEFT JOIN message_states s ON s.message_id = m.id AND s.member_id = $2`;

/**
 * The box's messages of one kind in its order, cut at `cut` rows: one range of each box index
 * (migration 031), the member's own and the merchant's, each cut, for the caller to merge. A
 * message the member deleted is passed over inside its range. $1 merchant, $2 member, $3 kind.
 */
const boxRangesSql = (shape: {
  columns: string;
  condition: string | null;
  order: 'ASC' | 'DESC';
  cut: string;
}) => {
  const { columns, condition, order, cut } = shape;
  const range = (recipient: string) =>
    `(SELECT ${columns} FROM messages m
      WHERE m.merchant_id = $1 AND ${recipient} AND m.kind = $3
        ${condition ? `AND ${condition}` : ''}
        AND NOT EXISTS (SELECT 1 FROM message_states d
          WHERE d.member_id = $2 AND d.message_id = m.id AND d.deleted_at IS NOT NULL)
      ORDER BY m.created_at ${order}, m.id ${order} LIMIT ${cut})`;
  return `${range('m.member_id = $2')} UNION ALL ${range('m.member_id IS NULL')}`;
};

/**
 * One page of a box, newest first (oldest first when read `before` a key): each range reads at
 * most `offset + limit` rows off its index, in the box's order, and only those are merged.
 */
export const findBoxPage = (
  db: Db,
  box: Box,
  kind: MessageKind,
  page: { start: PageStart; limit: number },
) => {
  const params: SqlParam[] = [box.merchantId, box.memberId, kind];
  const param = (value: SqlParam) => `$${params.push(value)}`;
  const { condition, order, offset } = keysetReadOf(
    page.start,
    { time: 'm.created_at', id: 'm.id' },
    param,
  );
  const ranges = boxRangesSql({
    columns: 'm.id, m.kind, m.title, m.content, m.created_at',
    condition,
    order,
    cut: param(offset + page.limit),
  });
  return db.query<MessageRow>(
    `SELECT p.id::text AS id, p.kind, p.title, p.content, p.created_at,
       ${microsOf('p.created_at')} AS created_at_micros, s.read_at IS NOT NULL AS read
     FROM (${ranges}) p
     LEFT JOIN message_states s ON s.message_id = p.id AND s.member_id = $2
     ORDER BY p.created_at ${order}, p.id ${order}
     LIMIT ${param(page.limit)} OFFSET ${param(offset)}`,
    params,
  );
};

/**
 * How many messages a box holds, counted no further than `limit` (decision 016), each range
 * taken in its index's order as a page takes it.
 */
export const countBox = async (
  db: Db,
  box: Box,
  kind: MessageKind,
  limit: number,
): Promise<number> => {
  const ranges = boxRangesSql({ columns: '1', condition: null, order: 'DESC', cut: '$4' });
  const row = await db.one<{ counted: number }>(
    `SELECT count(*)::int AS counted FROM (SELECT 1 FROM (${ranges}) r LIMIT $4) c`,
    [box.merchantId, box.memberId, kind, limit],
  );
  return row.counted;
};

export const countUnread = (db: Db, box: Box) =>
  db.query<{ kind: MessageKind; unread: number }>(
    `SELECT m.kind, count(*)::int AS unread FROM ${WITH_STATE}
     WHERE ${IN_BOX} AND s.read_at IS NULL
     GROUP BY m.kind`,
    [box.merchantId, box.memberId],
  );

/** The message if it is in the member's box (not deleted), with a lock on nothing: a read. */
export const findInBox = (db: Db, box: Box, messageId: string) =>
  db.maybeOne<{ id: string }>(`SELECT m.id FROM ${WITH_STATE} WHERE ${IN_BOX} AND m.id = $3`, [
    box.merchantId,
    box.memberId,
    messageId,
  ]);

/** Marks read every message of the box (of one kind, or all) that is not read yet. */
export const markRead = (
  db: Db,
  box: Box,
  filter: { messageId?: string; kind?: MessageKind },
  now: Date,
) =>
  db.query<{ message_id: string }>(
    `INSERT INTO message_states (member_id, message_id, read_at)
     SELECT $2, m.id, $3 FROM ${WITH_STATE}
     WHERE ${IN_BOX} AND s.read_at IS NULL
       AND ($4::bigint IS NULL OR m.id = $4::bigint) AND ($5::text IS NULL OR m.kind = $5::text)
     ON CONFLICT (member_id, message_id)
     DO UPDATE SET read_at = COALESCE(message_states.read_at, EXCLUDED.read_at)
     RETURNING message_id`,
    [box.merchantId, box.memberId, now, filter.messageId ?? null, filter.kind ?? null],
  );

/** Deletes a message from the member's box for good (the message itself stays for others). */
export const markDeleted = (db: Db, memberId: number, messageId: string, now: Date) =>
  db.query(
    `INSERT INTO message_states (member_id, message_id, read_at, deleted_at)
     VALUES ($1, $2, $3, $3)
     ON CONFLICT (member_id, message_id)
     DO UPDATE SET deleted_at = COALESCE(message_states.deleted_at, EXCLUDED.deleted_at),
                   read_at = COALESCE(message_states.read_at, EXCLUDED.read_at)`,
    [memberId, messageId, now],
  );

export type NewMessage = {
  merchantId: number;
  kind: MessageKind;
  memberId: number | null;
  title: string;
  content: string;
  sentBy: string;
  now: Date;
};

export const insertMessage = (db: Db, message: NewMessage) =>
  db.one<{ id: string; created_at: Date }>(
    `INSERT INTO messages (merchant_id, kind, member_id, title, content, sent_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, created_at`,
    [
      message.merchantId,
      message.kind,
      message.memberId,
      message.title,
      message.content,
      message.sentBy,
      message.now,
    ],
  );
