import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { checkPageDepth, keysetPageFields, keysetPageOf } from '../paging.ts';

/** Notice (spec section 3); `content` is sanitised HTML. */
export const NoticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  timestamp: z.iso.datetime(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const NoticePageSchema = keysetPageOf(NoticeSchema);
export type NoticePage = z.infer<typeof NoticePageSchema>;

export const findNotices = defineEndpoint({
  method: 'GET',
  path: '/wps/content/notices',
  summary:
    'Published notices for the ticker and the notice popup, newest first; the next and ' +
    'previous pages by the cursors a page hands out, counted up to 10,000',
  tag: 'content',
  auth: 'public',
  query: z
    .object({
      ...keysetPageFields,
      pageSize: z.coerce.number().int().min(1).max(50).default(7),
    })
    .strict()
    .superRefine(checkPageDepth),
  value: NoticePageSchema,
  errors: ['VALIDATION_FAILED', 'RULES_NOT_MET', 'MERCHANT_NOT_FOUND'],
});
