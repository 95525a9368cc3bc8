import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';
import type { BannerGroup } from './banner-art.ts';

export type BannerRow = {
  id: number;
  group_name: BannerGroup;
  title: string;
  subtitle: string;
  color_from: string;
  color_to: string;
  linkage_type: 'NONE' | 'ROUTE' | 'URL';
  link: string | null;
};

export type NoticeRow = {
  id: number;
  title: string;
  content: string;
  published_at: Date;
  /** With `id`, the notice's place in the list's order (decision 016). */
  published_at_micros: string;
};

export type CustomerServiceRow = { cs_type: string; title: string; path: string };

export type ResourceRow = { resource_type: string; label_name_en: string; url: string };

export type CdnRow = { kind: 'image' | 'launch'; base_url: string };

const BANNER_COLUMNS = 'id, group_name, title, subtitle, color_from, color_to, linkage_type, link';

export const findActiveBanners = (db: Db, merchantId: number, group: BannerGroup) =>
  db.query<BannerRow>(
    `SELECT ${BANNER_COLUMNS} FROM banners
     WHERE merchant_id = $1 AND group_name = $2 AND active ORDER BY sort, id`,
    [merchantId, group],
  );

export const findActiveBanner = (db: Db, merchantId: number, id: number) =>
  db.maybeOne<BannerRow>(
    `SELECT ${BANNER_COLUMNS} FROM banners WHERE merchant_id = $1 AND id = $2 AND active`,
    [merchantId, id],
  );

/**
 * Published notices (published_at in the past), newest first (oldest first when read `before` a
 * key), one page off `notices_merchant_published`: a position reads at most `offset + limit`
 * rows in the index's order (decision 016).
 */
export const findPublishedNotices = (
  db: Db,
  merchantId: number,
  page: { start: PageStart; limit: number; now: Date },
) => {
  const params: SqlParam[] = [merchantId, page.now];
  const param = (value: SqlParam) => `$${params.push(value)}`;
  const { condition, order, offset } = keysetReadOf(
    page.start,
    { time: 'published_at', id: 'id' },
    param,
  );
  return db.query<NoticeRow>(
    `SELECT id, title, content, published_at, ${microsOf('published_at')} AS published_at_micros
     FROM notices
     WHERE merchant_id = $1 AND published_at <= $2 ${condition ? `AND ${condition}` : ''}
     ORDER BY published_at ${order}, id ${order}
     LIMIT ${param(page.limit)} OFFSET ${param(offset)}`,
    params,
  );
};

/** How many notices are published, counted no further than `limit`, in the index's order. */
export const countPublishedNotices = async (
  db: Db,
  merchantId: number,
  now: Date,
  limit: number,
) => {
  const row = await db.one<{ counted: number }>(
    `SELECT count(*)::int AS counted FROM (
       SELECT 1 FROM notices WHERE merchant_id = $1 AND published_at <= $2
       ORDER BY published_at DESC, id DESC LIMIT $3) c`,
    [merchantId, now, limit],
  );
  return row.counted;
};

export const findCustomerService = (db: Db, merchantId: number) =>
  db.query<CustomerServiceRow>(
    'SELECT cs_type, title, path FROM customer_service WHERE merchant_id = $1 ORDER BY sort, id',
    [merchantId],
  );

export const findResources = (db: Db, merchantId: number) =>
  db.query<ResourceRow>(
    `SELECT resource_type, label_name_en, url FROM resources WHERE merchant_id = $1
     ORDER BY resource_type`,
    [merchantId],
  );

export const findCdns = (db: Db, merchantId: number) =>
  db.query<CdnRow>(
    'SELECT kind, base_url FROM cdns WHERE merchant_id = $1 ORDER BY kind, sort, id',
    [merchantId],
  );

export const insertNotice = (
  db: Db,
  merchantId: number,
  row: { title: string; content: string; publishedAt: Date },
) =>
  db.one<Omit<NoticeRow, 'published_at_micros'>>(
    `INSERT INTO notices (merchant_id, title, content, published_at) VALUES ($1, $2, $3, $4)
     RETURNING id, title, content, published_at`,
    [merchantId, row.title, row.content, row.publishedAt],
  );
