import type { Db } from '../../db/client.ts';

export type ChatMessageRow = {
  id: string;
  member_id: string;
  author_name: string;
  text: string;
  sent_at: Date;
};

export type OpsChatMessageRow = ChatMessageRow & { username: string; deleted_at: Date | null };

const MESSAGE_COLUMNS = 'c.id, c.member_id, c.author_name, c.text, c.sent_at';

/** Serialises one member's sends, so concurrent posts cannot slip past the rate limit together. */
export const lockMemberChat = (tx: Db, merchantId: number, memberId: number) =>
  tx.query("SELECT pg_advisory_xact_lock(hashtextextended('chat:member:' || $1 || ':' || $2, 0))", [
    merchantId,
    memberId,
  ]);

export const findExternalChatUrl = async (db: Db, merchantId: number): Promise<string | null> => {
  const row = await db.maybeOne<{ external_chat_url: string | null }>(
    'SELECT external_chat_url FROM chat_settings WHERE merchant_id = $1',
    [merchantId],
  );
  return row?.external_chat_url ?? null;
};

export const upsertChatSettings = (
  db: Db,
  merchantId: number,
  externalChatUrl: string | null,
  now: Date,
) =>
  db.query(
    `INSERT INTO chat_settings (merchant_id, external_chat_url, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (merchant_id) DO UPDATE SET external_chat_url = $2, updated_at = $3`,
    [merchantId, externalChatUrl, now],
  );

export const findMutedUntil = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<Date | null> => {
  const row = await db.maybeOne<{ muted_until: Date }>(
    'SELECT muted_until FROM chat_mutes WHERE merchant_id = $1 AND member_id = $2',
    [merchantId, memberId],
  );
  return row?.muted_until ?? null;
};

export const upsertMute = (
  db: Db,
  merchantId: number,
  memberId: number,
  mutedUntil: Date,
  now: Date,
) =>
  db.query(
    `INSERT INTO chat_mutes (merchant_id, member_id, muted_until, updated_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (merchant_id, member_id) DO UPDATE SET muted_until = $3, updated_at = $4`,
    [merchantId, memberId, mutedUntil, now],
  );

export const deleteMute = (db: Db, merchantId: number, memberId: number) =>
  db.query('DELETE FROM chat_mutes WHERE merchant_id = $1 AND member_id = $2', [
    merchantId,
    memberId,
  ]);

/** The send times of a member's messages since `since`, oldest first (the rate window). */
export const findRecentSendTimes = async (
  db: Db,
  merchantId: number,
  memberId: number,
  since: Date,
): Promise<Date[]> => {
  const rows = await db.query<{ sent_at: Date }>(
    `SELECT sent_at FROM chat_messages
     WHERE merchant_id = $1 AND member_id = $2 AND sent_at > $3 ORDER BY sent_at`,
    [merchantId, memberId, since],
  );
  return rows.map((row) => row.sent_at);
};

export const insertMessage = (
  db: Db,
  message: { merchantId: number; memberId: number; authorName: string; text: string; now: Date },
) =>
  db.one<ChatMessageRow>(
    `INSERT INTO chat_messages AS c (merchant_id, member_id, author_name, text, sent_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${MESSAGE_COLUMNS}`,
    [message.merchantId, message.memberId, message.authorName, message.text, message.now],
  );

/** The room's visible messages before `beforeId` (all when null), newest first. */
export const findVisibleMessages = (
  db: Db,
  merchantId: number,
  beforeId: number | null,
  limit: number,
) =>
  db.query<ChatMessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages c
     WHERE c.merchant_id = $1 AND c.deleted_at IS NULL AND ($2::bigint IS NULL OR c.id < $2)
     ORDER BY c.id DESC LIMIT $3`,
    [merchantId, beforeId, limit],
  );

export const findOpsMessages = (db: Db, merchantId: number, limit: number) =>
  db.query<OpsChatMessageRow>(
    `SELECT ${MESSAGE_COLUMNS}, m.username, c.deleted_at
     FROM chat_messages c JOIN members m ON m.id = c.member_id
     WHERE c.merchant_id = $1 ORDER BY c.id DESC LIMIT $2`,
    [merchantId, limit],
  );

export const findOpsMessage = (db: Db, merchantId: number, messageId: number) =>
  db.maybeOne<OpsChatMessageRow>(
    `SELECT ${MESSAGE_COLUMNS}, m.username, c.deleted_at
     FROM chat_messages c JOIN members m ON m.id = c.member_id
     WHERE c.merchant_id = $1 AND c.id = $2 FOR UPDATE OF c`,
    [merchantId, messageId],
  );

export const markDeleted = (db: Db, messageId: number, actor: string, now: Date) =>
  db.query(
    'UPDATE chat_messages SET deleted_at = $3, deleted_by = $2 WHERE id = $1 AND deleted_at IS NULL',
    [messageId, actor, now],
  );
