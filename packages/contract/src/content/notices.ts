import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Notice (spec section 3); `content` is sanitised HTML. */
export const NoticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  timestamp: z.iso.datetime(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const findNotices = defineEndpoint({
  method: 'GET',
  path: '/wps/content/notices',
  summary: 'Published notices for the ticker and the notice popup, newest first',
  tag: 'content',
  auth: 'public',
  query: z
    .object({
      pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(7),
    })
    .strict(),
  value: z.object({ list: z.array(NoticeSchema), totalPages: z.number().int() }),
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});
