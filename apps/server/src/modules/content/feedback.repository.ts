import type { FeedbackQuestionType } from '@lanna/contract';
import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

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

const selectFrom = (source: string, more = '') => `SELECT ${more} f.id, f.member_id, m.username,
    f.question_type, f.content, f.reply, f.created_at, f.replied_at,
    (SELECT count(*)::int FROM feedback_images i WHERE i.feedback_id = f.id) AS image_count,
    ARRAY(SELECT i.id::text FROM feedback_images i WHERE i.feedback_id = f.id ORDER BY i.id)
      AS image_ids
  FROM ${source} f JOIN members m ON m.id = f.member_id`;

const SELECT = selectFrom('feedback');

/** A row of a list, with its time in microseconds: with `id`, its place in the list's order. */
export type FeedbackListRow = FeedbackRow & { time_micros: string };

/**
 * A list of feedback: the rows its index holds (`where`, on `feedback f`, parameters from $1)
 * in the order of `time` then id, newest first unless `first` says oldest.
 */
type FeedbackList = {
  where: string;
  params: SqlParam[];
  time: 'f.created_at' | 'f.replied_at';
  first: 'newest' | 'oldest';
};

/**
 * One page of a list, read by keyset (decision 016) off the list's index: the page's rows are
 * taken in the index's order, a position at most `offset + limit` of them, and only those get
 * their images and member.
 */
const findFeedbackPage = (
  db: Db,
  list: FeedbackList,
  page: { start: PageStart; limit: number },
) => {
  const params = [...list.params];
  const param = (value: SqlParam) => `$${params.push(value)}`;
  const read = keysetReadOf(page.start, { time: list.time, id: 'f.id' }, param, list.first);
  const where = read.condition ? `${list.where} AND ${read.condition}` : list.where;
  const orderBy = `ORDER BY ${list.time} ${read.order}, f.id ${read.order}`;
  const rows = `(SELECT f.* FROM feedback f WHERE ${where} ${orderBy}
    LIMIT ${param(page.limit)} OFFSET ${param(read.offset)})`;
  return db.query<FeedbackListRow>(
    `${selectFrom(rows, `${microsOf(list.time)} AS time_micros,`)} ${orderBy}`,
    params,
  );
};

/** How many rows a list holds, counted no further than `limit`, in its index's order. */
const countFeedbackList = async (db: Db, list: FeedbackList, limit: number): Promise<number> => {
  const order = list.first === 'oldest' ? 'ASC' : 'DESC';
  const row = await db.one<{ counted: number }>(
    `SELECT count(*)::int AS counted FROM (
       SELECT 1 FROM feedback f WHERE ${list.where}
       ORDER BY ${list.time} ${order}, f.id ${order} LIMIT ${Math.trunc(limit)}) c`,
    list.params,
  );
  return row.counted;
};

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

/** A member's own feedback, newest first, off `feedback_member`. */
const memberList = (merchantId: number, memberId: number): FeedbackList => ({
  where: 'f.member_id = $2 AND f.merchant_id = $1',
  params: [merchantId, memberId],
  time: 'f.created_at',
  first: 'newest',
});

/**
 * The merchant's feedback of one status: unanswered oldest first (the queue, off
 * `feedback_merchant_open`), answered by latest answer (`feedback_merchant_replied`). Each
 * status is written out so the planner matches its partial index in a generic plan too.
 */
const merchantList = (merchantId: number, replied: boolean): FeedbackList =>
  replied
    ? {
        where: 'f.merchant_id = $1 AND f.reply IS NOT NULL',
        params: [merchantId],
        time: 'f.replied_at',
        first: 'newest',
      }
    : {
        where: 'f.merchant_id = $1 AND f.reply IS NULL',
        params: [merchantId],
        time: 'f.created_at',
        first: 'oldest',
      };

export const findMemberFeedback = (
  db: Db,
  author: { merchantId: number; memberId: number },
  page: { start: PageStart; limit: number },
) => findFeedbackPage(db, memberList(author.merchantId, author.memberId), page);

export const countMemberFeedback = (
  db: Db,
  author: { merchantId: number; memberId: number },
  limit: number,
) => countFeedbackList(db, memberList(author.merchantId, author.memberId), limit);

export const findMerchantFeedback = (
  db: Db,
  merchantId: number,
  replied: boolean,
  page: { start: PageStart; limit: number },
) => findFeedbackPage(db, merchantList(merchantId, replied), page);

export const countMerchantFeedback = (
  db: Db,
  merchantId: number,
  replied: boolean,
  limit: number,
) => countFeedbackList(db, merchantList(merchantId, replied), limit);

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
