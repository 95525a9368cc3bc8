import {
  type Announcement,
  type AnnouncementPage,
  type CreateAnnouncementBodySchema,
  type FindAnnouncementsQuerySchema,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso } from '../../shared/clock.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import { insertAuditEntry } from '../audit/index.ts';
import * as repository from './announcements.repository.ts';
import type { ContentEvents } from './content.events.ts';
import type { OperatorAction } from './content-ops.service.ts';
import { sanitizeHtml } from './html-sanitizer.ts';

const toAnnouncement = (row: repository.AnnouncementRow): Announcement => ({
  id: row.id,
  title: row.title,
  content: row.content,
  promotionType: row.promotion_type,
  execution: row.execution,
  timestamp: toIso(row.published_at),
});

/**
 * One page of an audience's published announcements (spec section 4, Announcements; issue 30):
 * by the cursor of the page beside it or, without one, by its number within the counted
 * announcements, counted up to `MAX_COUNTED_ROWS` (decision 016).
 */
export const findAnnouncements = async (
  db: Db,
  merchantId: number,
  query: z.output<typeof FindAnnouncementsQuerySchema>,
  now: Date,
): Promise<AnnouncementPage> => {
  const filter = { ...query, now };
  return readKeysetPage(
    query,
    {
      rows: (start, limit) =>
        repository.findPublishedAnnouncements(db, merchantId, filter, { start, limit }),
      count: (limit) => repository.countPublishedAnnouncements(db, merchantId, filter, limit),
      keyOf: (row) => ({ atMicros: row.published_at_micros, id: String(row.id) }),
    },
    (rows) => rows.map(toAnnouncement),
  );
};

/**
 * Publishes an announcement: its HTML sanitised before it is stored, the audit row in the same
 * transaction, and `announcementsChanged` after commit so open sites can show it at once.
 */
export const createAnnouncement = (
  db: Db,
  events: EventSink<ContentEvents>,
  merchantId: number,
  body: z.output<typeof CreateAnnouncementBodySchema>,
  action: OperatorAction,
): Promise<Announcement> =>
  db.transaction(async (tx) => {
    const row = await repository.insertAnnouncement(tx, merchantId, {
      title: body.title,
      content: sanitizeHtml(body.content),
      promotionType: body.promotionType,
      execution: body.execution,
      publishedAt: body.publishedAt ? new Date(body.publishedAt) : action.now,
    });
    const announcement = toAnnouncement(row);
    await insertAuditEntry(tx, {
      merchantId,
      actor: action.actor,
      action: 'content.announcement.create',
      target: `announcement:${row.id}`,
      reason: action.reason,
      before: null,
      after: announcement,
    });
    tx.afterCommit(() => events.emit('announcementsChanged', { merchantId }));
    return announcement;
  });

/** Takes an announcement down (a second call changes nothing), announced after commit. */
export const withdrawAnnouncement = (
  db: Db,
  events: EventSink<ContentEvents>,
  target: { merchantId: number; announcementId: number },
  action: OperatorAction,
): Promise<Announcement> =>
  db.transaction(async (tx) => {
    const { merchantId, announcementId } = target;
    const row = await repository.withdrawAnnouncement(tx, merchantId, announcementId, action.now);
    if (!row) throw new AppError('NOT_FOUND');
    const announcement = toAnnouncement(row);
    await insertAuditEntry(tx, {
      merchantId,
      actor: action.actor,
      action: 'content.announcement.withdraw',
      target: `announcement:${row.id}`,
      reason: action.reason,
      before: announcement,
      after: null,
    });
    tx.afterCommit(() => events.emit('announcementsChanged', { merchantId }));
    return announcement;
  });
