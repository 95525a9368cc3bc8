import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { commaListSchema } from '../comma-list.ts';
import { checkPageDepth, keysetPageFields, keysetPageOf } from '../paging.ts';

/** Announcement types (spec section 7): the announcement call asks for B, PL, PU, PR and H. */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const AnnouncementTypeSchema = z.enum(ANNOUNCEMENT_TYPES);
export type AnnouncementType = z.infer<typeof AnnouncementTypeSchema>;

/**
 * Who an announcement is for (spec section 4): A logged-in members, B visitors, F a member's
 * first login.
 */
export const ANNOUNCEMENT_EXECUTIONS = ['A', 'B', 'F'] as const;
export const AnnouncementExecutionSchema = z.enum(ANNOUNCEMENT_EXECUTIONS);
export type AnnouncementExecution = z.infer<typeof AnnouncementExecutionSchema>;

/** The platform the site asks for: W, the web site (spec section 9, platform WEB). */
export const AnnouncementPlatformSchema = z.enum(['W']);

/** Announcement page size and page links (spec section 9). */
export const ANNOUNCEMENT_PAGE_SIZE = 9;
export const ANNOUNCEMENT_PAGE_LINKS = 5;

/** Announcement (spec section 3); `content` is sanitised HTML. */
export const AnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  promotionType: AnnouncementTypeSchema,
  execution: AnnouncementExecutionSchema,
  timestamp: z.iso.datetime(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const AnnouncementPageSchema = keysetPageOf(AnnouncementSchema);
export type AnnouncementPage = z.infer<typeof AnnouncementPageSchema>;

/** `types` is a comma-separated list, as the spec's call sends it ('B,PL,PU,PR,H'). */
const TypesSchema = commaListSchema(ANNOUNCEMENT_TYPES).default([...ANNOUNCEMENT_TYPES]);

export const FindAnnouncementsQuerySchema = z
  .object({
    types: TypesSchema,
    platform: AnnouncementPlatformSchema.default('W'),
    execution: AnnouncementExecutionSchema,
    ...keysetPageFields,
    pageSize: z.coerce.number().int().min(1).max(50).default(ANNOUNCEMENT_PAGE_SIZE),
  })
  .strict()
  .superRefine(checkPageDepth);
export type FindAnnouncementsQuery = z.input<typeof FindAnnouncementsQuerySchema>;

export const findAnnouncements = defineEndpoint({
  method: 'GET',
  path: '/wps/content/announcements',
  summary:
    'Published announcements for one audience (execution), newest first; the next and ' +
    'previous pages by the cursors a page hands out, counted up to 10,000',
  description:
    'Execution A is shown to logged-in members, B to visitors and F at a first login. The ' +
    'site shows them once per session per audience unless closed.',
  tag: 'content',
  auth: 'public',
  query: FindAnnouncementsQuerySchema,
  value: AnnouncementPageSchema,
  errors: ['VALIDATION_FAILED', 'RULES_NOT_MET', 'MERCHANT_NOT_FOUND'],
});
