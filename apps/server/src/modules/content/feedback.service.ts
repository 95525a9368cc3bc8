import {
  type Feedback,
  type FeedbackStatusSchema,
  type OpsFeedback,
  type SubmitFeedbackBodySchema,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { readKeysetPage, type PageStart } from '../../shared/keyset.ts';
import { toIso, toIsoOrNull } from '../../shared/clock.ts';
import { checkUploadedImages } from '../../shared/uploaded-image.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { OperatorAction } from './content-ops.service.ts';
import * as repository from './feedback.repository.ts';

const toFeedback = (row: repository.FeedbackRow): Feedback => ({
  id: Number(row.id),
  questionType: row.question_type,
  content: row.content,
  imageCount: row.image_count,
  status: row.reply === null ? 'submitted' : 'replied',
  reply: row.reply,
  createdAt: toIso(row.created_at),
  repliedAt: toIsoOrNull(row.replied_at),
});

const toOpsFeedback = (row: repository.FeedbackRow): OpsFeedback => ({
  ...toFeedback(row),
  memberId: Number(row.member_id),
  username: row.username,
  imageIds: row.image_ids.map(Number),
});

export type FeedbackAuthor = { merchantId: number; memberId: number };

/** Stores a member's feedback and its images in one transaction (spec section 7, PUT feedback). */
export const submitFeedback = async (
  db: Db,
  author: FeedbackAuthor,
  body: z.output<typeof SubmitFeedbackBodySchema>,
  now: Date,
): Promise<Feedback> => {
  const images = checkUploadedImages(body.images, 'images');
  return db.transaction(async (tx) => {
    const id = await repository.insertFeedback(tx, author.merchantId, {
      memberId: author.memberId,
      questionType: body.questionType,
      content: body.content,
      now,
    });
    // One after the other: inside a transaction `tx` is a single connection.
    for (const image of images) await repository.insertFeedbackImage(tx, id, image);
    const row = await repository.getFeedback(tx, author.merchantId, id);
    if (!row) throw new Error('feedback vanished inside its own transaction');
    return toFeedback(row);
  });
};

type PageQuery = { pageNo: number; pageSize: number; cursor?: string | undefined };

/** A page of a feedback list (issue 30; decision 016), keyed by its list's time. */
const feedbackPageOf = <T>(
  query: PageQuery,
  read: {
    rows: (start: PageStart, limit: number) => Promise<repository.FeedbackListRow[]>;
    count: (limit: number) => Promise<number>;
  },
  toItem: (row: repository.FeedbackRow) => T,
) =>
  readKeysetPage(
    query,
    { ...read, keyOf: (row) => ({ atMicros: row.time_micros, id: row.id }) },
    (rows) => rows.map(toItem),
  );

/** The member's own feedback, newest first. */
export const findMemberFeedback = (db: Db, author: FeedbackAuthor, query: PageQuery) =>
  feedbackPageOf(
    query,
    {
      rows: (start, limit) => repository.findMemberFeedback(db, author, { start, limit }),
      count: (limit) => repository.countMemberFeedback(db, author, limit),
    },
    toFeedback,
  );

/** The merchant's feedback: unanswered oldest first (the queue), answered by latest answer. */
export const findOpsFeedback = (
  db: Db,
  merchantId: number,
  query: PageQuery & { status: z.output<typeof FeedbackStatusSchema> },
) => {
  const replied = query.status === 'replied';
  return feedbackPageOf(
    query,
    {
      rows: (start, limit) =>
        repository.findMerchantFeedback(db, merchantId, replied, { start, limit }),
      count: (limit) => repository.countMerchantFeedback(db, merchantId, replied, limit),
    },
    toOpsFeedback,
  );
};

/** Answers a feedback (a later answer replaces the first), with its audit row. */
export const replyToFeedback = (
  db: Db,
  target: { merchantId: number; feedbackId: number },
  reply: string,
  action: OperatorAction,
): Promise<OpsFeedback> =>
  db.transaction(async (tx) => {
    const { merchantId } = target;
    const id = String(target.feedbackId);
    const before = await repository.getFeedback(tx, merchantId, id);
    if (!before) throw new AppError('NOT_FOUND');
    await repository.setFeedbackReply(tx, id, {
      text: reply,
      actor: action.actor,
      now: action.now,
    });
    const after = await repository.getFeedback(tx, merchantId, id);
    if (!after) throw new Error('feedback vanished inside its own transaction');
    await insertAuditEntry(tx, {
      merchantId,
      actor: action.actor,
      action: 'content.feedback.reply',
      target: `feedback:${id}`,
      reason: action.reason,
      before: { reply: before.reply },
      after: { reply: after.reply },
    });
    return toOpsFeedback(after);
  });

/** An attached image for the operator reading the feedback; NOT_FOUND outside the merchant. */
export const getFeedbackImage = async (
  db: Db,
  target: { merchantId: number; feedbackId: number; imageId: number },
): Promise<{ contentType: 'image/png' | 'image/jpeg'; dataBase64: string }> => {
  const image = await repository.findFeedbackImage(db, target.merchantId, target);
  if (!image) throw new AppError('NOT_FOUND');
  // PostgreSQL's base64 breaks lines every 76 characters.
  return { contentType: image.content_type, dataBase64: image.base64.replace(/\s+/g, '') };
};
