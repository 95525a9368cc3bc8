import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { OperatorReasonSchema } from '../text.ts';
import { RequestDateTimeSchema } from '../bounds.ts';
import { CidrSchema } from '../cidr.ts';

/** The settings behind system status: maintenance and region rules (spec section 4). */
export const MerchantAccessSettingsSchema = z.object({
  maintenance: z.object({
    enabled: z.boolean(),
    startsAt: RequestDateTimeSchema.nullable(),
    endsAt: RequestDateTimeSchema.nullable(),
  }),
  regionRestriction: z.object({
    enabled: z.boolean(),
    countries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(250),
    cidrs: z.array(CidrSchema).max(1000),
  }),
});
export type MerchantAccessSettings = z.infer<typeof MerchantAccessSettingsSchema>;

const MerchantParamsSchema = z.object({ merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/) });

export const getMerchantAccessSettings = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/access',
  summary: 'Maintenance and region settings of a merchant (operators)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  value: MerchantAccessSettingsSchema,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED'],
});

export const putMerchantAccessSettings = defineEndpoint({
  method: 'PUT',
  path: '/ops/merchants/:merchantCode/access',
  summary: 'Change maintenance and region settings of a merchant (operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  body: MerchantAccessSettingsSchema.extend({ reason: OperatorReasonSchema }).strict(),
  value: MerchantAccessSettingsSchema,
  errors: ['RULES_NOT_MET', 'UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'MALFORMED_BODY'],
});
