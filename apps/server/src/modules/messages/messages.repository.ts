import type { MessageKind } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

export type MessageRow = {
  id: string;
  kind: MessageKind;
  title: string;
  content: string;
  created_at: Date;
  read: boolean;
};

export type Box = { merchantId: number; memberId: number };

// A member's box: the messages addressed to the member or to the whole merchant, less the ones
// the member deleted. $1 merchant, $2 member.
const IN_BOX = `m.merchant_id = $1 AND (m.member_id = $2 OR m.member_id IS NULL)
  AND s.deleted_at IS NULL`;
const WITH_STATE = `messages m
  LEFT JOIN message_states s ON s.message_id = m.id AND s.member_id = $2`;

export const findBoxPage = (
  db: Db,
  box: Box,
  kind: MessageKind,
  page: { limit: number; offset: number },
) =>
  db.query<MessageRow>(
    `SELECT m.id, m.kind, m.title, m.content, m.created_at, s.read_at IS NOT NULL AS read
     FROM ${WITH_STATE}
     WHERE ${IN_BOX} AND m.kind = $3
     ORDER BY m.id DESC LIMIT $4 OFFSET $5`,
    [box.merchantId, box.memberId, kind, page.limit, page.offset],
  );

export const countBox = async (db: Db, box: Box, kind: MessageKind): Promise<number> =>
  (
    await db.one<{ total: number }>(
      `SELECT count(*)::int AS total FROM ${WITH_STATE} WHERE ${IN_BOX} AND m.kind = $3`,
      [box.merchantId, box.memberId, kind],
    )
  ).total;

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
