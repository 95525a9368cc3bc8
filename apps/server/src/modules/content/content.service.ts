import { createHash } from 'node:crypto';
import {
  ResourceTypeSchema,
  type Banner,
  type CustomerServiceEntry,
  type NoticePage,
  type Resource,
  type ResourceType,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso } from '../../shared/clock.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import { renderBannerSvg, type BannerGroup } from './banner-art.ts';
import * as repository from './content.repository.ts';

/** The server's own media tree; an image CDN base stands for this path when one is set. */
export const MEDIA_PATH = '/media';

export type Cdns = { imageCDNs: string[]; launchGameCDNs: string[] };

export const findCdns = async (db: Db, merchantId: number): Promise<Cdns> => {
  const rows = await repository.findCdns(db, merchantId);
  return {
    imageCDNs: rows.filter((row) => row.kind === 'image').map((row) => row.base_url),
    launchGameCDNs: rows.filter((row) => row.kind === 'launch').map((row) => row.base_url),
  };
};

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

export const findBanners = async (
  db: Db,
  merchantId: number,
  group: BannerGroup,
): Promise<Banner[]> => {
  const [rows, cdns] = await Promise.all([
    repository.findActiveBanners(db, merchantId, group),
    findCdns(db, merchantId),
  ]);
  const base = trimSlash(cdns.imageCDNs[0] ?? MEDIA_PATH);
  return rows.map((row) => ({
    id: row.id,
    url: `${base}/banners/${row.id}.svg`,
    title: row.title,
    linkageType: row.linkage_type,
    link: row.link,
    groupName: row.group_name,
  }));
};

export type BannerImage = { svg: string; etag: string };

/** The generated artwork of an active banner of this merchant; NOT_FOUND otherwise. */
export const renderBanner = async (
  db: Db,
  merchantId: number,
  id: number,
): Promise<BannerImage> => {
  const row = await repository.findActiveBanner(db, merchantId, id);
  if (!row) throw new AppError('NOT_FOUND');
  const svg = renderBannerSvg({
    id: row.id,
    group: row.group_name,
    title: row.title,
    subtitle: row.subtitle,
    colorFrom: row.color_from,
    colorTo: row.color_to,
  });
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  return { svg, etag };
};

/**
 * A page of published notices (issue 30): by the cursor of the page beside it or, without one,
 * by its number within the counted notices, counted up to `MAX_COUNTED_ROWS` (decision 016).
 */
export const findNotices = async (
  db: Db,
  merchantId: number,
  query: { pageNo: number; pageSize: number; cursor?: string | undefined },
  now: Date,
): Promise<NoticePage> => {
  return readKeysetPage(
    query,
    {
      rows: (start, limit) =>
        repository.findPublishedNotices(db, merchantId, { start, limit, now }),
      count: (limit) => repository.countPublishedNotices(db, merchantId, now, limit),
      keyOf: (row) => ({ atMicros: row.published_at_micros, id: String(row.id) }),
    },
    (rows) =>
      rows.map((row) => ({
        id: row.id,
        title: row.title,
        content: row.content,
        timestamp: toIso(row.published_at),
      })),
  );
};

export const findCustomerService = async (
  db: Db,
  merchantId: number,
): Promise<CustomerServiceEntry[]> => {
  const rows = await repository.findCustomerService(db, merchantId);
  return rows.map((row) => ({ csType: row.cs_type, title: row.title, path: row.path }));
};

/** Configured resources keyed by type; types the contract does not know are left out. */
export const findResources = async (
  db: Db,
  merchantId: number,
): Promise<Partial<Record<ResourceType, Resource>>> => {
  const rows = await repository.findResources(db, merchantId);
  const resources: Partial<Record<ResourceType, Resource>> = {};
  for (const row of rows) {
    const type = ResourceTypeSchema.safeParse(row.resource_type);
    if (type.success) {
      resources[type.data] = {
        resourceType: type.data,
        labelNameEn: row.label_name_en,
        url: row.url,
      };
    }
  }
  return resources;
};
