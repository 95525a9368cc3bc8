import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { checkPageDepth, keysetPageFields, keysetPageOf } from '../paging.ts';
import { visibleLength } from '../registration/field-rule.ts';
import {
  PROOF_IMAGE_MAX_BYTES,
  PROOF_IMAGE_MAX_COUNT,
  ProofImageSchema,
} from '../payments/withdrawal.ts';
import { shownText } from '../text.ts';

/** Question types of support feedback (spec section 3). */
export const FEEDBACK_QUESTION_TYPES = [
  'deposit',
  'withdraw',
  'game',
  'service',
  'apply',
  'other',
] as const;
export const FeedbackQuestionTypeSchema = z.enum(FEEDBACK_QUESTION_TYPES);
export type FeedbackQuestionType = z.infer<typeof FeedbackQuestionTypeSchema>;

/**
 * Content length (spec section 5: 'feedback content required (within {0} to {1})'), counted
 * in characters as a member sees them, after trimming.
 */
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 500;

// A bound on the stored text as well, whatever the characters are made of.
// The fewest in code points, so the document's pattern states it (a grapheme is one or more).
const FeedbackContentSchema = shownText(FEEDBACK_CONTENT_MAX * 4, {
  multiline: true,
  trim: true,
  min: FEEDBACK_CONTENT_MIN,
})
  .refine((text) => visibleLength(text) >= FEEDBACK_CONTENT_MIN, 'too short')
  .refine((text) => visibleLength(text) <= FEEDBACK_CONTENT_MAX, 'too long');

/** Images follow the upload rules of spec section 9: png or jpg by content, 5 MB, at most 3. */
export const SubmitFeedbackBodySchema = z
  .object({
    questionType: FeedbackQuestionTypeSchema,
    content: FeedbackContentSchema,
    images: z.array(ProofImageSchema).max(PROOF_IMAGE_MAX_COUNT).default([]),
  })
  .strict();
export type SubmitFeedbackBody = z.input<typeof SubmitFeedbackBodySchema>;

export const FeedbackStatusSchema = z.enum(['submitted', 'replied']);

export const FeedbackSchema = z.object({
  id: z.number().int(),
  questionType: FeedbackQuestionTypeSchema,
  content: z.string(),
  imageCount: z.number().int().min(0),
  status: FeedbackStatusSchema,
  /** The operator's answer, plain text. */
  reply: z.string().nullable(),
  createdAt: z.iso.datetime(),
  repliedAt: z.iso.datetime().nullable(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

const MAX_BASE64 = Math.ceil(PROOF_IMAGE_MAX_BYTES / 3) * 4;

export const submitFeedback = defineEndpoint({
  method: 'PUT',
  path: '/wps/feedback',
  summary: 'Send support feedback: a question type, a description and up to 3 images',
  tag: 'content',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: SubmitFeedbackBodySchema,
  // Three base64 images of 5 MB and the JSON around them.
  bodyLimitBytes: PROOF_IMAGE_MAX_COUNT * MAX_BASE64 + 64 * 1024,
  value: FeedbackSchema,
  errors: [
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'FORBIDDEN',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'PAYLOAD_TOO_LARGE',
    'IMAGE_INVALID',
    'MERCHANT_NOT_FOUND',
  ],
});

/** Feedback history page size. */
export const FEEDBACK_PAGE_SIZE = 10;

export const findFeedback = defineEndpoint({
  method: 'GET',
  path: '/wps/feedback',
  summary:
    "The member's own feedback, newest first; the next and previous pages by the cursors a " +
    'page hands out, counted up to 10,000',
  tag: 'content',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  query: z
    .object({
      ...keysetPageFields,
      pageSize: z.coerce.number().int().min(1).max(50).default(FEEDBACK_PAGE_SIZE),
    })
    .strict()
    .superRefine(checkPageDepth),
  value: keysetPageOf(FeedbackSchema),
  errors: [
    'RULES_NOT_MET',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'FORBIDDEN',
    'VALIDATION_FAILED',
    'MERCHANT_NOT_FOUND',
  ],
});
