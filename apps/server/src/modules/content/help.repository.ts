import type { Db } from '../../db/client.ts';

export type HelpArticleRow = { id: number; anchor: string; title: string; content: string };

const COLUMNS = 'id, anchor, title, content';

export const findHelpArticles = (db: Db, merchantId: number, language: string, device: string) =>
  db.query<HelpArticleRow>(
    `SELECT ${COLUMNS} FROM help_articles
     WHERE merchant_id = $1 AND language = $2 AND device = $3 ORDER BY sort, id`,
    [merchantId, language, device],
  );

export type HelpArticleWrite = {
  language: string;
  device: string;
  anchor: string;
  title: string;
  content: string;
  sort: number;
  now: Date;
};

export const findHelpArticle = (db: Db, merchantId: number, key: HelpArticleWrite) =>
  db.maybeOne<HelpArticleRow>(
    `SELECT ${COLUMNS} FROM help_articles
     WHERE merchant_id = $1 AND language = $2 AND device = $3 AND anchor = $4`,
    [merchantId, key.language, key.device, key.anchor],
  );

export const upsertHelpArticle = (db: Db, merchantId: number, article: HelpArticleWrite) =>
  db.one<HelpArticleRow>(
    `INSERT INTO help_articles (merchant_id, language, device, anchor, title, content, sort,
       updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (merchant_id, language, device, anchor) DO UPDATE
       SET title = EXCLUDED.title, content = EXCLUDED.content, sort = EXCLUDED.sort,
           updated_at = EXCLUDED.updated_at
     RETURNING ${COLUMNS}`,
    [
      merchantId,
      article.language,
      article.device,
      article.anchor,
      article.title,
      article.content,
      article.sort,
      article.now,
    ],
  );
