import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { REAL_ACCOUNT_ROLES } from './roles.ts';
import { VerificationCodeSchema } from './verification-fields.ts';

/** Enrolment of an authenticator app (security centre): scan the QR code or type the secret. */
export const TotpSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/<issuer>:<username>?secret=...&period=30` */
  otpauthUrl: z.string(),
  /** The same URL as a PNG QR code, `data:image/png;base64,...` */
  qrCodeDataUrl: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

const MEMBER_ERRORS = ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN'] as const;

export const getTotpStatus = defineEndpoint({
  method: 'GET',
  path: '/wps/member/totp',
  summary: 'Whether the member has an authenticator app enabled',
  tag: 'auth',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: z.object({ enabled: z.boolean() }),
  errors: MEMBER_ERRORS,
});

/** A new seed each call until enabled; enabling is POST /wps/member/totp/enable. */
export const setupTotp = defineEndpoint({
  method: 'POST',
  path: '/wps/member/totp/setup',
  summary: 'Start enrolling an authenticator app: a new secret, its otpauth URL and QR code',
  tag: 'auth',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: TotpSetupSchema,
  errors: [...MEMBER_ERRORS, 'TOTP_ALREADY_ENABLED'],
});

export const EnableTotpRequestSchema = z.object({ code: VerificationCodeSchema }).strict();
export type EnableTotpRequest = z.input<typeof EnableTotpRequestSchema>;

export const enableTotp = defineEndpoint({
  method: 'POST',
  path: '/wps/member/totp/enable',
  summary: 'Finish enrolling the authenticator app with a first code from it',
  tag: 'auth',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: EnableTotpRequestSchema,
  value: z.object({ enabled: z.literal(true) }),
  errors: [
    ...MEMBER_ERRORS,
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'CODE_INVALID',
    'TOTP_NOT_SET_UP',
    'TOTP_ALREADY_ENABLED',
  ],
});
