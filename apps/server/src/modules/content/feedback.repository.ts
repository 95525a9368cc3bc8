import type { FeedbackQuestionType } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

export type FeedbackRow = {
  id: string;
  member_id: string;
  username: string;
  question_type: FeedbackQuestionType;
  content: string;
  reply: string | null;
  created_at: Date;
  replied_at: Date | null;
  image_count: number;
  image_ids: string[];
};

const SELECT = `SELECT f.id, f.member_id, m.username, f.question_type, f.content, f.reply,
    f.created_at, f.replied_at,
    (SELECT count(*)::int FROM feedback_images i WHERE i.feedback_id = f.id) AS image_count,
    ARRAY(SELECT i.id::text FROM feedback_images i WHERE i.feedback_id = f.id ORDER BY i.id)
      AS image_ids
  FROM feedback f JOIN members m ON m.id = f.member_id`;

export type NewFeedback = {
  memberId: number;
  questionType: FeedbackQuestionType;
  content: string;
  now: Date;
};

export const insertFeedback = async (db: Db, merchantId: number, row: NewFeedback) => {
  const { id } = await db.one<{ id: string }>(
    `INSERT INTO feedback (merchant_id, member_id, question_type, content, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [merchantId, row.memberId, row.questionType, row.content, row.now],
  );
  return id;
};

export const insertFeedbackImage = (
  db: Db,
  feedbackId: string,
  image: { contentType: string; base64: string },
) =>
  db.query(
    `INSERT INTO feedback_images (feedback_id, content_type, bytes)
     VALUES ($1, $2, decode($3, 'base64'))`,
    [feedbackId, image.contentType, image.base64],
  );

export const getFeedback = (db: Db, merchantId: number, id: string) =>
  db.maybeOne<FeedbackRow>(`${SELECT} WHERE f.merchant_id = $1 AND f.id = $2`, [merchantId, id]);

export const findMemberFeedback = (
  db: Db,
  merchantId: number,
  memberId: number,
  page: { limit: number; offset: number },
) =>
  db.query<FeedbackRow>(
    `${SELECT} WHERE f.merchant_id = $1 AND f.member_id = $2
     ORDER BY f.created_at DESC, f.id DESC LIMIT $3 OFFSET $4`,
    [merchantId, memberId, page.limit, page.offset],
  );

export const countMemberFeedback = async (db: Db, merchantId: number, memberId: number) => {
  const row = await db.one<{ count: number }>(
    'SELECT count(*)::int AS count FROM feedback WHERE merchant_id = $1 AND member_id = $2',
    [merchantId, memberId],
  );
  return row.count;
};

/** Unanswered feedback oldest first (the queue); answered newest first. */
export const findMerchantFeedback = (
  db: Db,
  merchantId: number,
  replied: boolean,
  page: { limit: number; offset: number },
) =>
  db.query<FeedbackRow>(
    `${SELECT} WHERE f.merchant_id = $1 AND (f.reply IS NOT NULL) = $2
     ORDER BY ${replied ? 'f.replied_at DESC, f.id DESC' : 'f.created_at, f.id'}
     LIMIT $3 OFFSET $4`,
    [merchantId, replied, page.limit, page.offset],
  );

export const countMerchantFeedback = async (db: Db, merchantId: number, replied: boolean) => {
  const row = await db.one<{ count: number }>(
    `SELECT count(*)::int AS count FROM feedback
     WHERE merchant_id = $1 AND (reply IS NOT NULL) = $2`,
    [merchantId, replied],
  );
  return row.count;
};

export const setFeedbackReply = (
  db: Db,
  id: string,
  reply: { text: string; actor: string; now: Date },
) =>
  db.query('UPDATE feedback SET reply = $2, replied_by = $3, replied_at = $4 WHERE id = $1', [
    id,
    reply.text,
    reply.actor,
    reply.now,
  ]);

export const findFeedbackImage = (
  db: Db,
  merchantId: number,
  ids: { feedbackId: number; imageId: number },
) =>
  db.maybeOne<{ content_type: 'image/png' | 'image/jpeg'; base64: string }>(
    `SELECT i.content_type, encode(i.bytes, 'base64') AS base64
     FROM feedback_images i JOIN feedback f ON f.id = i.feedback_id
     WHERE f.merchant_id = $1 AND f.id = $2 AND i.id = $3`,
    [merchantId, ids.feedbackId, ids.imageId],
  );
