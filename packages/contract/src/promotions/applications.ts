import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { BigIdParamSchema } from '../bounds.ts';
import { defineEndpoint } from '../endpoint.ts';
import { MinorUnitsSchema, PositiveMinorUnitsSchema } from '../money.ts';
import { MerchantCodeSchema, OpsRowParamsSchema } from '../ops/ops-params.ts';
import {
  PROOF_IMAGE_MAX_BYTES,
  PROOF_IMAGE_MAX_COUNT,
  ProofImageDataSchema,
  ProofImageSchema,
} from '../payments/withdrawal.ts';
import { visibleLength } from '../registration/field-rule.ts';
import { OperatorReasonSchema, shownText } from '../text.ts';

/**
 * Apply-and-review activities (issue 24 item 2; spec section 5, activity application): a
 * member applies with a comment of up to 140 characters and up to 3 PNG or JPEG images of up to
 * 5 MB each (judged by their bytes); an operator approves, paying a reward into the main
 * wallet, or rejects; the member is told by a platform message either way and may apply again
 * after a rejection.
 */
export const APPLICATION_COMMENT_MAX = 140;

const CommentSchema = shownText(APPLICATION_COMMENT_MAX * 4, {
  multiline: true,
  trim: true,
}).refine((text) => visibleLength(text) <= APPLICATION_COMMENT_MAX, 'at most 140 characters');

export const ApplyBodySchema = z
  .object({
    comment: CommentSchema,
    images: z.array(ProofImageSchema).max(PROOF_IMAGE_MAX_COUNT).default([]),
  })
  .strict();
export type ApplyBody = z.input<typeof ApplyBodySchema>;

export const ApplicationStatusSchema = z.enum(['applying', 'rejected', 'issued']);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

export const ActivityApplicationSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  title: z.string(),
  comment: z.string(),
  imageCount: z.number().int().min(0),
  status: ApplicationStatusSchema,
  /** What the approval paid; null until approved. */
  rewardMinor: MinorUnitsSchema.nullable(),
  /** The operator's words to the member; null until reviewed. */
  reviewNote: z.string().nullable(),
  appliedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});
export type ActivityApplication = z.infer<typeof ActivityApplicationSchema>;

export const ActivityApplicationListSchema = z.object({
  list: z.array(ActivityApplicationSchema),
});

const MAX_BASE64 = Math.ceil(PROOF_IMAGE_MAX_BYTES / 3) * 4;
const MEMBER_ERRORS = ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN'] as const;

export const applyToPromotion = defineEndpoint({
  method: 'POST',
  path: '/wps/member/promotions/:id/application',
  summary:
    'Apply to an apply-and-review activity with a comment and up to 3 images (one application ' +
    'waits or is approved per member; after a rejection the member may apply again)',
  tag: 'promotions',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  params: z.object({ id: BigIdParamSchema }),
  body: ApplyBodySchema,
  // Three base64 images of 5 MB and the JSON around them.
  bodyLimitBytes: PROOF_IMAGE_MAX_COUNT * MAX_BASE64 + 64 * 1024,
  value: ActivityApplicationSchema,
  errors: [
    ...MEMBER_ERRORS,
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'PAYLOAD_TOO_LARGE',
    'IMAGE_INVALID',
    'PROMOTION_NOT_FOUND',
    'PROMOTION_CLOSED',
    'PROMOTION_NOT_FOR_YOU',
    'PROMOTION_ALREADY_CLAIMED',
  ],
});

export const findMemberApplications = defineEndpoint({
  method: 'GET',
  path: '/wps/member/promotions/applications',
  summary: "The signed-in member's activity applications, newest first (up to 200)",
  tag: 'promotions',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: ActivityApplicationListSchema,
  errors: MEMBER_ERRORS,
});

export const OpsActivityApplicationSchema = ActivityApplicationSchema.extend({
  username: z.string(),
});
export const OpsActivityApplicationListSchema = z.object({
  list: z.array(OpsActivityApplicationSchema),
});

export const findPromotionApplications = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/promotion-applications',
  summary: "Members' activity applications of one status, oldest first, up to 200 (operators)",
  tag: 'ops',
  auth: 'operator',
  params: z.object({ merchantCode: MerchantCodeSchema }),
  query: z.object({ status: ApplicationStatusSchema.default('applying') }).strict(),
  value: OpsActivityApplicationListSchema,
  errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
});

export const DecideApplicationBodySchema = z.discriminatedUnion('approve', [
  z
    .object({
      approve: z.literal(true),
      rewardMinor: PositiveMinorUnitsSchema,
      note: shownText(500, { trim: true }),
      reason: OperatorReasonSchema,
    })
    .strict(),
  z
    .object({
      approve: z.literal(false),
      note: shownText(500, { min: 1, trim: true }),
      reason: OperatorReasonSchema,
    })
    .strict(),
]);
export type DecideApplicationBody = z.input<typeof DecideApplicationBodySchema>;

export const decidePromotionApplication = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/promotion-applications/:id/decision',
  summary:
    'Approve a waiting application, paying its reward into the main wallet, or reject it with ' +
    'a note; the member is told by a platform message (operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: OpsRowParamsSchema,
  body: DecideApplicationBodySchema,
  value: OpsActivityApplicationSchema,
  errors: ['NOT_FOUND', 'VALIDATION_FAILED', 'MALFORMED_BODY', 'APPLICATION_DECIDED'],
});

export const getApplicationImage = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/promotion-applications/:id/images/:index',
  summary:
    "An image of a member's activity application, as base64, by its place 0 to 2 (operators)",
  tag: 'ops',
  auth: 'operator',
  params: OpsRowParamsSchema.extend({
    index: z.coerce
      .number()
      .int()
      .min(0)
      .max(PROOF_IMAGE_MAX_COUNT - 1),
  }),
  value: ProofImageDataSchema,
  errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
});
