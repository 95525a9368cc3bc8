import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LanguageSchema } from '../i18n.ts';
import { checkPageDepth, keysetPageFields, keysetPageOf } from '../paging.ts';
import {
  AnnouncementExecutionSchema,
  AnnouncementSchema,
  AnnouncementTypeSchema,
} from './announcements.ts';
import { FeedbackSchema, FeedbackStatusSchema } from './feedback.ts';
import { ProofImageDataSchema } from '../payments/withdrawal.ts';
import { HelpAnchorSchema, HelpArticleSchema, HelpDeviceSchema } from './help-centre.ts';
import { NoticeSchema } from './notices.ts';
import { OperatorReasonSchema, shownText } from '../text.ts';
import { Int32IdParamSchema, RequestDateTimeSchema } from '../bounds.ts';

/**
 * The operator side of site content (issue 6): notices, announcements and help articles are
 * written here, their HTML sanitised before it is stored, each change audit-logged in its own
 * transaction; feedback is read and answered here.
 */
const MerchantParamsSchema = z.object({ merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/) });
const TitleSchema = shownText(200, { min: 1, trim: true });
/** Operator HTML before sanitising; 64 KB is far more than any notice or article needs. */
const HtmlSchema = shownText(65_536, { min: 1, multiline: true });

const OPS_ERRORS = ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'MALFORMED_BODY'] as const;

export const CreateNoticeBodySchema = z
  .object({
    title: TitleSchema,
    content: HtmlSchema,
    /** When it shows; now when absent. */
    publishedAt: RequestDateTimeSchema.optional(),
    reason: OperatorReasonSchema,
  })
  .strict();
export type CreateNoticeBody = z.input<typeof CreateNoticeBodySchema>;

export const createNotice = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/notices',
  summary: 'Publish a notice (its HTML is sanitised before it is stored; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  body: CreateNoticeBodySchema,
  value: NoticeSchema,
  errors: OPS_ERRORS,
});

export const CreateAnnouncementBodySchema = z
  .object({
    title: TitleSchema,
    content: HtmlSchema,
    promotionType: AnnouncementTypeSchema,
    execution: AnnouncementExecutionSchema,
    publishedAt: RequestDateTimeSchema.optional(),
    reason: OperatorReasonSchema,
  })
  .strict();
export type CreateAnnouncementBody = z.input<typeof CreateAnnouncementBodySchema>;

export const createAnnouncement = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/announcements',
  summary: 'Publish an announcement for one audience (sanitised, audit-logged, pushed to sites)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  body: CreateAnnouncementBodySchema,
  value: AnnouncementSchema,
  errors: OPS_ERRORS,
});

export const withdrawAnnouncement = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/announcements/:announcementId/withdraw',
  summary: 'Take an announcement down: it shows nowhere from then on (audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema.extend({ announcementId: Int32IdParamSchema }),
  body: z.object({ reason: OperatorReasonSchema }).strict(),
  value: AnnouncementSchema,
  errors: OPS_ERRORS,
});

export const PutHelpArticleBodySchema = z
  .object({
    title: TitleSchema,
    content: HtmlSchema,
    sort: z.number().int().min(0).max(10_000).default(0),
    device: HelpDeviceSchema.default('WEB'),
    reason: OperatorReasonSchema,
  })
  .strict();
export type PutHelpArticleBody = z.input<typeof PutHelpArticleBodySchema>;

export const putHelpArticle = defineEndpoint({
  method: 'PUT',
  path: '/ops/merchants/:merchantCode/help-articles/:language/:anchor',
  summary: 'Write or replace a help article of one language (sanitised, audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema.extend({ language: LanguageSchema, anchor: HelpAnchorSchema }),
  body: PutHelpArticleBodySchema,
  value: HelpArticleSchema,
  errors: OPS_ERRORS,
});

export const OpsFeedbackSchema = FeedbackSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  /** The attached images, for getFeedbackImage. */
  imageIds: z.array(z.number().int()),
});
export type OpsFeedback = z.infer<typeof OpsFeedbackSchema>;

export const findOpsFeedback = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/feedback',
  summary:
    "Members' feedback, oldest unanswered first, or the answered ones by latest answer " +
    '(operators); the next and previous pages by the cursors a page hands out, counted up to ' +
    '10,000',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  query: z
    .object({
      status: FeedbackStatusSchema.default('submitted'),
      ...keysetPageFields,
    })
    .strict()
    .superRefine(checkPageDepth),
  value: keysetPageOf(OpsFeedbackSchema),
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'RULES_NOT_MET'],
});

export const replyToFeedback = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/feedback/:feedbackId/reply',
  summary: 'Answer a feedback in plain text; the member sees it in the history (audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema.extend({ feedbackId: z.coerce.number().int().min(1) }),
  body: z
    .object({
      reply: shownText(2000, { min: 1, multiline: true, trim: true }),
      reason: OperatorReasonSchema,
    })
    .strict(),
  value: OpsFeedbackSchema,
  errors: OPS_ERRORS,
});

export const getFeedbackImage = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/feedback/:feedbackId/images/:imageId',
  summary: 'An image a member attached to a feedback, as base64 (operators)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema.extend({
    feedbackId: z.coerce.number().int().min(1),
    imageId: z.coerce.number().int().min(1),
  }),
  value: ProofImageDataSchema,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED'],
});
