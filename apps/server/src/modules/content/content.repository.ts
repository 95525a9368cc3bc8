import type { Db } from '../../db/client.ts';
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

export type NoticeRow = { id: number; title: string; content: string; published_at: Date };

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

/** Published notices (published_at in the past), newest first, one page. */
export const findPublishedNotices = (
  db: Db,
  merchantId: number,
  page: { limit: number; offset: number; now: Date },
) =>
  db.query<NoticeRow>(
    `SELECT id, title, content, published_at FROM notices
     WHERE merchant_id = $1 AND published_at <= $2
     ORDER BY published_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [merchantId, page.now, page.limit, page.offset],
  );

export const countPublishedNotices = async (db: Db, merchantId: number, now: Date) => {
  const row = await db.one<{ count: number }>(
    'SELECT count(*)::int AS count FROM notices WHERE merchant_id = $1 AND published_at <= $2',
    [merchantId, now],
  );
  return row.count;
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
  db.one<NoticeRow>(
    `INSERT INTO notices (merchant_id, title, content, published_at) VALUES ($1, $2, $3, $4)
     RETURNING id, title, content, published_at`,
    [merchantId, row.title, row.content, row.publishedAt],
  );
