import type { ApplicationStatus } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import type { CheckedImage } from '../../shared/uploaded-image.ts';

export type ApplicationRow = {
  id: string;
  promotion_id: string;
  title: string;
  member_id: string;
  username: string;
  comment: string;
  image_count: number;
  status: ApplicationStatus;
  reward_minor: string | null;
  review_note: string | null;
  applied_at: Date;
  reviewed_at: Date | null;
};

const SELECT = `SELECT a.id, a.promotion_id, p.title, a.member_id, m.username, a.comment,
    (SELECT count(*)::int FROM promotion_application_images i WHERE i.application_id = a.id)
      AS image_count,
    a.status, a.reward_minor, a.review_note, a.applied_at, a.reviewed_at
  FROM promotion_applications a
  JOIN promotions p ON p.id = a.promotion_id
  JOIN members m ON m.id = a.member_id`;

/** Whether the member has an application of the activity waiting or approved. */
export const hasOpenApplication = async (db: Db, promotionId: number, memberId: number) =>
  (await db.maybeOne(
    `SELECT 1 FROM promotion_applications
     WHERE promotion_id = $1 AND member_id = $2 AND status IN ('applying', 'issued')`,
    [promotionId, memberId],
  )) !== null;

export const insertApplication = async (
  db: Db,
  application: {
    merchantId: number;
    promotionId: number;
    memberId: number;
    comment: string;
    now: Date;
  },
): Promise<number> =>
  Number(
    (
      await db.one<{ id: string }>(
        `INSERT INTO promotion_applications (merchant_id, promotion_id, member_id, comment, status,
           applied_at)
         VALUES ($1, $2, $3, $4, 'applying', $5) RETURNING id`,
        [
          application.merchantId,
          application.promotionId,
          application.memberId,
          application.comment,
          application.now,
        ],
      )
    ).id,
  );

export const insertApplicationImage = (
  db: Db,
  applicationId: number,
  position: number,
  image: CheckedImage,
) =>
  db.query(
    `INSERT INTO promotion_application_images (application_id, position, content_type, bytes)
     VALUES ($1, $2, $3, decode($4, 'base64'))`,
    [applicationId, position, image.contentType, image.base64],
  );

export const getApplication = (db: Db, merchantId: number, id: number) =>
  db.maybeOne<ApplicationRow>(`${SELECT} WHERE a.merchant_id = $1 AND a.id = $2`, [merchantId, id]);

export const lockApplication = (db: Db, merchantId: number, id: number) =>
  db.maybeOne<{ id: string; status: ApplicationStatus; member_id: string; promotion_id: string }>(
    `SELECT id, status, member_id, promotion_id FROM promotion_applications
     WHERE merchant_id = $1 AND id = $2 FOR UPDATE`,
    [merchantId, id],
  );

export const findMemberApplications = (db: Db, merchantId: number, memberId: number) =>
  db.query<ApplicationRow>(
    `${SELECT} WHERE a.merchant_id = $1 AND a.member_id = $2 ORDER BY a.id DESC LIMIT 200`,
    [merchantId, memberId],
  );

/** The latest application status per activity of the member (for the centre's statuses). */
export const findLatestApplicationStatuses = async (
  db: Db,
  memberId: number,
  promotionIds: readonly number[],
): Promise<Map<number, ApplicationStatus>> =>
  new Map(
    (
      await db.query<{ promotion_id: string; status: ApplicationStatus }>(
        `SELECT DISTINCT ON (promotion_id) promotion_id, status FROM promotion_applications
         WHERE member_id = $1 AND promotion_id = ANY ($2::bigint[])
         ORDER BY promotion_id, id DESC`,
        [memberId, [...promotionIds]],
      )
    ).map((row) => [Number(row.promotion_id), row.status]),
  );

export const findApplicationQueue = (db: Db, merchantId: number, status: ApplicationStatus) =>
  db.query<ApplicationRow>(
    `${SELECT} WHERE a.merchant_id = $1 AND a.status = $2 ORDER BY a.id LIMIT 200`,
    [merchantId, status],
  );

export const decideApplication = (
  db: Db,
  id: number,
  decision: {
    status: 'issued' | 'rejected';
    rewardMinor: bigint | null;
    note: string;
    actor: string;
    now: Date;
  },
) =>
  db.query(
    `UPDATE promotion_applications SET status = $2, reward_minor = $3, review_note = $4,
       reviewed_by = $5, reviewed_at = $6
     WHERE id = $1`,
    [
      id,
      decision.status,
      decision.rewardMinor?.toString() ?? null,
      decision.note,
      decision.actor,
      decision.now,
    ],
  );

export const findApplicationImage = (
  db: Db,
  target: { merchantId: number; id: number; index: number },
) =>
  db.maybeOne<{ content_type: 'image/png' | 'image/jpeg'; base64: string }>(
    `SELECT i.content_type, encode(i.bytes, 'base64') AS base64
     FROM promotion_application_images i
     JOIN promotion_applications a ON a.id = i.application_id
     WHERE a.merchant_id = $1 AND a.id = $2 AND i.position = $3`,
    [target.merchantId, target.id, target.index],
  );
