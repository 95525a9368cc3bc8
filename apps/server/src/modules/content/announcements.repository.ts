import type { AnnouncementExecution, AnnouncementType } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

export type AnnouncementRow = {
  id: number;
  title: string;
  content: string;
  promotion_type: AnnouncementType;
  execution: AnnouncementExecution;
  published_at: Date;
};

const COLUMNS = 'id, title, content, promotion_type, execution, published_at';

export type AnnouncementFilter = {
  types: readonly AnnouncementType[];
  execution: AnnouncementExecution;
  platform: string;
  now: Date;
};

/** Published announcements of one audience and some types, newest first, one page. */
export const findPublishedAnnouncements = (
  db: Db,
  merchantId: number,
  filter: AnnouncementFilter,
  page: { limit: number; offset: number },
) =>
  db.query<AnnouncementRow>(
    `SELECT ${COLUMNS} FROM announcements
     WHERE merchant_id = $1 AND execution = $2 AND platform = $3
       AND promotion_type = ANY($4::text[]) AND published_at <= $5 AND withdrawn_at IS NULL
     ORDER BY published_at DESC, id DESC LIMIT $6 OFFSET $7`,
    [
      merchantId,
      filter.execution,
      filter.platform,
      filter.types,
      filter.now,
      page.limit,
      page.offset,
    ],
  );

export const countPublishedAnnouncements = async (
  db: Db,
  merchantId: number,
  filter: AnnouncementFilter,
) => {
  const row = await db.one<{ count: number }>(
    `SELECT count(*)::int AS count FROM announcements
     WHERE merchant_id = $1 AND execution = $2 AND platform = $3
       AND promotion_type = ANY($4::text[]) AND published_at <= $5 AND withdrawn_at IS NULL`,
    [merchantId, filter.execution, filter.platform, filter.types, filter.now],
  );
  return row.count;
};

export type NewAnnouncement = {
  title: string;
  content: string;
  promotionType: AnnouncementType;
  execution: AnnouncementExecution;
  publishedAt: Date;
};

export const insertAnnouncement = (db: Db, merchantId: number, row: NewAnnouncement) =>
  db.one<AnnouncementRow>(
    `INSERT INTO announcements (merchant_id, title, content, promotion_type, execution,
       published_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [merchantId, row.title, row.content, row.promotionType, row.execution, row.publishedAt],
  );

/** Takes an announcement down once; answers the row, or null when it is not the merchant's. */
export const withdrawAnnouncement = async (db: Db, merchantId: number, id: number, now: Date) => {
  await db.query(
    `UPDATE announcements SET withdrawn_at = $3
     WHERE merchant_id = $1 AND id = $2 AND withdrawn_at IS NULL`,
    [merchantId, id, now],
  );
  return db.maybeOne<AnnouncementRow>(
    `SELECT ${COLUMNS} FROM announcements WHERE merchant_id = $1 AND id = $2`,
    [merchantId, id],
  );
};
