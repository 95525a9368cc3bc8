import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LanguageSchema } from '../i18n.ts';

/** Help articles are written per device; the site asks for WEB (spec section 7). */
export const HelpDeviceSchema = z.enum(['WEB']);

/** Anchors name an article in a link: /help#term opens the terms (spec section 2). */
export const HelpAnchorSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'lower-case letters, digits and dashes');

/** One article of the help centre; `content` is sanitised HTML. */
export const HelpArticleSchema = z.object({
  id: z.number().int(),
  anchor: HelpAnchorSchema,
  title: z.string(),
  content: z.string(),
});
export type HelpArticle = z.infer<typeof HelpArticleSchema>;

export const getHelpCentre = defineEndpoint({
  method: 'GET',
  path: '/wps/system/helpCenter',
  summary: "The help centre's articles in a language, in display order",
  description:
    'A language without its own articles answers the English ones, so the page is never empty ' +
    'while another language is being written.',
  tag: 'content',
  auth: 'public',
  query: z.object({ lang: LanguageSchema, device: HelpDeviceSchema.default('WEB') }).strict(),
  value: z.object({ list: z.array(HelpArticleSchema) }),
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});
