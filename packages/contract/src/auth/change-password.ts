import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { EncryptedPayloadSchema } from './encrypted-payload.ts';
import { REAL_ACCOUNT_ROLES } from './roles.ts';
import { text } from '../text.ts';

/** Change password (spec section 3), sealed with `encryptPayload`. */
export const ChangePasswordPayloadSchema = z
  .object({
    oldPassword: text(128, { min: 1 }),
    newPassword: text(128, { min: 1 }),
    confirmNewPassword: text(128),
  })
  .strict();
export type ChangePasswordPayload = z.input<typeof ChangePasswordPayloadSchema>;

/** Every other session of the member ends; this one stays signed in. */
export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/wps/member/password',
  summary: 'Change the password (sealed payload); signs out every other session',
  tag: 'auth',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: EncryptedPayloadSchema,
  payload: ChangePasswordPayloadSchema,
  value: z.object({ signedOutSessions: z.number().int().min(0) }),
  errors: [
    'RULES_NOT_MET',
    'MERCHANT_NOT_FOUND',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'PAYLOAD_ENCRYPTION_REQUIRED',
    'PAYLOAD_INVALID',
    'PAYLOAD_KEY_UNKNOWN',
    'PAYLOAD_EXPIRED',
    'PAYLOAD_REPLAYED',
    'WRONG_OLD_PASSWORD',
    'PASSWORD_MISMATCH',
    'PASSWORD_UNCHANGED',
    'WEAK_PASSWORD',
    'LOGIN_THROTTLED',
  ],
});
