import type { CreateNoticeBodySchema, Notice } from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso } from '../../shared/clock.ts';
import { insertAuditEntry } from '../audit/index.ts';
import * as repository from './content.repository.ts';
import { sanitizeHtml } from './html-sanitizer.ts';

/** Who acts, when, and why: what every operator change writes to the audit log. */
export type OperatorAction = { actor: string; reason: string; now: Date };

/**
 * The system module's merchant lookup by code, passed in by app.ts: system's status reads this
 * module's CDNs and resources, so content does not import system (architecture.md, Boundaries).
 */
export type FindMerchantByCode = (db: Db, code: string) => Promise<{ id: number } | null>;

/** The id of the merchant an operator route names, or NOT_FOUND. */
export const merchantIdForOps = async (
  findMerchantByCode: FindMerchantByCode,
  db: Db,
  merchantCode: string,
): Promise<number> => {
  const merchant = await findMerchantByCode(db, merchantCode);
  if (!merchant) throw new AppError('NOT_FOUND');
  return merchant.id;
};

/** Publishes a notice with its HTML sanitised before it is stored, audit row in the same transaction. */
export const createNotice = (
  db: Db,
  merchantId: number,
  body: z.output<typeof CreateNoticeBodySchema>,
  action: OperatorAction,
): Promise<Notice> =>
  db.transaction(async (tx) => {
    const row = await repository.insertNotice(tx, merchantId, {
      title: body.title,
      content: sanitizeHtml(body.content),
      publishedAt: body.publishedAt ? new Date(body.publishedAt) : action.now,
    });
    const notice: Notice = {
      id: row.id,
      title: row.title,
      content: row.content,
      timestamp: toIso(row.published_at),
    };
    await insertAuditEntry(tx, {
      merchantId,
      actor: action.actor,
      action: 'content.notice.create',
      target: `notice:${row.id}`,
      reason: action.reason,
      before: null,
      after: notice,
    });
    return notice;
  });
