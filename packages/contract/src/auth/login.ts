import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { EncryptedPayloadSchema } from './encrypted-payload.ts';
import { HumanVerificationSchema } from './human-challenge.ts';
import { MemberRoleSchema } from './roles.ts';
import { text, UsernameTextSchema } from '../text.ts';

/** Login payload (spec section 3), sealed with `encryptPayload`. */
export const LoginPayloadSchema = z
  .object({
    /** The username, or the mobile number for a code login. */
    username: UsernameTextSchema,
    /** The password, or the code for a code login. */
    password: text(128, { min: 1 }),
    /** The captcha answer, when a failed login asked for one (value.captchaRequired). */
    captcha: text(16, { trim: true }).optional(),
    captchaId: z.uuid().optional(),
    type: z.enum(['username', 'sms']).default('username'),
    /** The solved proof-of-work challenge (GET /wps/human/challenge), spent by this login. */
    humanVerification: HumanVerificationSchema,
  })
  .strict();
export type LoginPayload = z.input<typeof LoginPayloadSchema>;

export const PreviousLoginSchema = z.object({ at: z.iso.datetime(), ip: z.string() });

/**
 * What a login, a registration or a free-play login returns (spec section 3, Login response).
 * `mustChangePassword` is true for the password 123456, a first login, or an expired password
 * where PWDEXPFORCECHANGE3 is on, and never after a code or social login. `previousLogin` is
 * the login before this one (null the first time), to show the member.
 */
export const LoginValueSchema = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  role: MemberRoleSchema,
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  mustChangePassword: z.boolean(),
  previousLogin: PreviousLoginSchema.nullable(),
});
export type LoginValue = z.infer<typeof LoginValueSchema>;

const LOGIN_ERRORS = [
  'MERCHANT_NOT_FOUND',
  'VALIDATION_FAILED',
  'MALFORMED_BODY',
  'PAYLOAD_ENCRYPTION_REQUIRED',
  'PAYLOAD_INVALID',
  'PAYLOAD_KEY_UNKNOWN',
  'PAYLOAD_EXPIRED',
  'PAYLOAD_REPLAYED',
  'WRONG_CREDENTIALS',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
  'LOGIN_THROTTLED',
  'NON_MEMBER_ACCOUNT',
  'ACCOUNT_DISABLED',
  'SECOND_VERIFICATION_REQUIRED',
  'HUMAN_CHECK_FAILED',
] as const;

/**
 * Member login: `type` 'username' with the password, or 'sms' with the code of
 * POST /wps/verification/sms/noLogin (MOBILEVERCODELOGIN3, else FEATURE_DISABLED).
 */
export const login = defineEndpoint({
  method: 'POST',
  path: '/wps/session/login',
  summary:
    'Log in with username and password or SMS code (sealed payload); returns a new session token',
  tag: 'auth',
  auth: 'public',
  body: EncryptedPayloadSchema,
  payload: LoginPayloadSchema,
  value: LoginValueSchema,
  errors: [
    ...LOGIN_ERRORS,
    'FEATURE_DISABLED',
    'CODE_INVALID',
    'CODE_EXPIRED',
    'CODE_ATTEMPTS_EXCEEDED',
  ],
});

/**
 * The agent area's login (`/agent`): the same payload, by password only (type 'sms' gets
 * FEATURE_DISABLED); a non-agent gets NON_AGENT_ACCOUNT.
 */
export const agentLogin = defineEndpoint({
  method: 'POST',
  path: '/wps/session/agent/login',
  summary: 'Log in to the agent area (agents only; sealed payload)',
  tag: 'auth',
  auth: 'public',
  body: EncryptedPayloadSchema,
  payload: LoginPayloadSchema,
  value: LoginValueSchema,
  errors: [...LOGIN_ERRORS, 'FEATURE_DISABLED', 'NON_AGENT_ACCOUNT'],
});
