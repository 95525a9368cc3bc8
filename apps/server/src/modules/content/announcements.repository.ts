import type { AnnouncementExecution, AnnouncementType } from '@lanna/contract';
import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

export type AnnouncementRow = {
  id: number;
  title: string;
  content: string;
  promotion_type: AnnouncementType;
  execution: AnnouncementExecution;
  published_at: Date;
};

/** A row of a list: with `id`, its time in microseconds places it in the list's order. */
export type AnnouncementListRow = AnnouncementRow & { published_at_micros: string };

const COLUMNS = 'id, title, content, promotion_type, execution, published_at';

export type AnnouncementFilter = {
  types: readonly AnnouncementType[];
  execution: AnnouncementExecution;
  platform: string;
  now: Date;
};

// An audience's published announcements of some types, a range of
// `announcements_merchant_audience` (merchant, execution, then time and id). $1 to $5.
const PUBLISHED = `merchant_id = $1 AND execution = $2 AND platform = $3
  AND promotion_type = ANY($4::text[]) AND published_at <= $5 AND withdrawn_at IS NULL`;

const publishedParams = (merchantId: number, filter: AnnouncementFilter): SqlParam[] => [
  merchantId,
  filter.execution,
  filter.platform,
  filter.types,
  filter.now,
];

/**
 * Published announcements of one audience and some types, newest first (oldest first when read
 * `before` a key), one page: a position reads at most `offset + limit` rows in the index's
 * order (decision 016).
 */
export const findPublishedAnnouncements = (
  db: Db,
  merchantId: number,
  filter: AnnouncementFilter,
  page: { start: PageStart; limit: number },
) => {
  const params = publishedParams(merchantId, filter);
  const param = (value: SqlParam) => `$${params.push(value)}`;
  const { condition, order, offset } = keysetReadOf(
    page.start,
    { time: 'published_at', id: 'id' },
    param,
  );
  return db.query<AnnouncementListRow>(
    `SELECT ${COLUMNS}, ${microsOf('published_at')} AS published_at_micros FROM announcements
     WHERE ${PUBLISHED} ${condition ? `AND ${condition}` : ''}
     ORDER BY published_at ${order}, id ${order}
     LIMIT ${param(page.limit)} OFFSET ${param(offset)}`,
    params,
  );
};

/** How many announcements are published, counted no further than `limit`, in the index's order. */
export const countPublishedAnnouncements = async (
  db: Db,
  merchantId: number,
  filter: AnnouncementFilter,
  limit: number,
) => {
  const row = await db.one<{ counted: number }>(
    `SELECT count(*)::int AS counted FROM (
       SELECT 1 FROM announcements WHERE ${PUBLISHED}
       ORDER BY published_at DESC, id DESC LIMIT $6) c`,
    [...publishedParams(merchantId, filter), limit],
  );
  return row.counted;
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
