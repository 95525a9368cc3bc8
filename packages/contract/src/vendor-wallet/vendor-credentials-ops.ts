import { z } from 'zod';
import { CidrSchema } from '../cidr.ts';
import { defineEndpoint } from '../endpoint.ts';
import { OperatorReasonSchema } from '../text.ts';

const VendorParamsSchema = z.object({
  merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/),
  vendorCode: z.string().regex(/^[A-Z0-9_]{2,32}$/),
});

/** Why the operator acts: written to the audit log with the change. */

/** A vendor's credential as operators see it: never its secret, except once, when rotated. */
export const VendorCredentialSchema = z.object({
  vendorCode: z.string(),
  /** Empty: calls are accepted from any address. */
  ipAllowlist: z.array(z.string()),
  secretRotatedAt: z.iso.datetime(),
  /** Until when the secret the last rotation replaced still signs; null when none does. */
  previousSecretRetiresAt: z.iso.datetime().nullable(),
});
export type VendorCredential = z.infer<typeof VendorCredentialSchema>;

const OPS_ERRORS = ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'MALFORMED_BODY'] as const;

export const rotateVendorCredentialSecret = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/vendors/:vendorCode/secret',
  summary:
    'Give a vendor a new HMAC secret, shown once in the answer; the one it replaces signs for ' +
    'VENDOR_SECRET_GRACE_HOURS more (operators; audit-logged without the secret)',
  tag: 'ops',
  auth: 'operator',
  params: VendorParamsSchema,
  body: z.object({ reason: OperatorReasonSchema }).strict(),
  value: VendorCredentialSchema.extend({ secret: z.string() }),
  errors: OPS_ERRORS,
});

export const putVendorIpAllowlist = defineEndpoint({
  method: 'PUT',
  path: '/ops/merchants/:merchantCode/vendors/:vendorCode/allowlist',
  summary:
    "Set the addresses a vendor's calls may come from; empty accepts any (operators; " +
    'audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: VendorParamsSchema,
  body: z.object({ cidrs: z.array(CidrSchema).max(100), reason: OperatorReasonSchema }).strict(),
  value: VendorCredentialSchema,
  errors: OPS_ERRORS,
});
