import {
  DEFAULT_LANGUAGE,
  type HelpArticle,
  type Language,
  type PutHelpArticleBodySchema,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { OperatorAction } from './content-ops.service.ts';
import * as repository from './help.repository.ts';
import { sanitizeHtml } from './html-sanitizer.ts';

/**
 * The help centre's articles in a language (spec section 7: by language and device WEB). A
 * language the merchant has not written yet reads the default language's articles.
 */
export const findHelpArticles = async (
  db: Db,
  merchantId: number,
  language: Language,
  device: string,
): Promise<HelpArticle[]> => {
  const rows = await repository.findHelpArticles(db, merchantId, language, device);
  if (rows.length > 0 || language === DEFAULT_LANGUAGE) return rows;
  return repository.findHelpArticles(db, merchantId, DEFAULT_LANGUAGE, device);
};

export type HelpArticleTarget = { merchantId: number; language: Language; anchor: string };

/** Writes or replaces one article, its HTML sanitised, with its audit row. */
export const putHelpArticle = (
  db: Db,
  target: HelpArticleTarget,
  body: z.output<typeof PutHelpArticleBodySchema>,
  action: OperatorAction,
): Promise<HelpArticle> =>
  db.transaction(async (tx) => {
    const write = {
      language: target.language,
      device: body.device,
      anchor: target.anchor,
      title: body.title,
      content: sanitizeHtml(body.content),
      sort: body.sort,
      now: action.now,
    };
    const before = await repository.findHelpArticle(tx, target.merchantId, write);
    const after = await repository.upsertHelpArticle(tx, target.merchantId, write);
    await insertAuditEntry(tx, {
      merchantId: target.merchantId,
      actor: action.actor,
      action: 'content.help.put',
      target: `help:${target.language}:${body.device}:${target.anchor}`,
      reason: action.reason,
      before,
      after,
    });
    return after;
  });
