import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { EncryptedPayloadSchema } from '../auth/encrypted-payload.ts';
import { defineEndpoint } from '../endpoint.ts';
import { text } from '../text.ts';

/**
 * A new payment password: six digits, the PIN members type on a phone's number pad. A
 * password set at registration under another rule still verifies.
 */
export const NewPaymentPasswordSchema = z.string().regex(/^\d{6}$/, 'six digits');

/** Any payment password a member types to prove it: compared, never parsed further. */
export const PaymentPasswordSchema = text(128, { min: 1 });

const SEALED_ERRORS = [
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
] as const;

/** Whether a payment password is set, and until when wrong attempts lock it. */
export const PaymentPasswordStatusSchema = z.object({
  isSet: z.boolean(),
  lockedUntil: z.iso.datetime().nullable(),
});
export type PaymentPasswordStatus = z.infer<typeof PaymentPasswordStatusSchema>;

export const getPaymentPasswordStatus = defineEndpoint({
  method: 'GET',
  path: '/wps/payments/payment-password',
  summary: 'Whether the payment password is set, and any lock after wrong attempts',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: PaymentPasswordStatusSchema,
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN'],
});

/**
 * The first payment password, sealed. The sign-in password proves it is the member and not a
 * borrowed session; its wrong attempts count against the same lock as the payment password.
 */
export const SetPaymentPasswordPayloadSchema = z
  .object({
    loginPassword: text(128, { min: 1 }),
    newPaymentPassword: NewPaymentPasswordSchema,
    confirmPaymentPassword: text(128),
  })
  .strict();
export type SetPaymentPasswordPayload = z.input<typeof SetPaymentPasswordPayloadSchema>;

export const setPaymentPassword = defineEndpoint({
  method: 'POST',
  path: '/wps/payments/payment-password',
  summary: 'Set the first payment password (sealed payload)',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: EncryptedPayloadSchema,
  payload: SetPaymentPasswordPayloadSchema,
  value: PaymentPasswordStatusSchema,
  errors: [
    ...SEALED_ERRORS,
    'PAYMENT_PASSWORD_ALREADY_SET',
    'PASSWORD_MISMATCH',
    'LOGIN_PASSWORD_WRONG',
    'PAYMENT_PASSWORD_LOCKED',
  ],
});

export const ChangePaymentPasswordPayloadSchema = z
  .object({
    oldPaymentPassword: PaymentPasswordSchema,
    newPaymentPassword: NewPaymentPasswordSchema,
    confirmPaymentPassword: text(128),
  })
  .strict();
export type ChangePaymentPasswordPayload = z.input<typeof ChangePaymentPasswordPayloadSchema>;

export const changePaymentPassword = defineEndpoint({
  method: 'PUT',
  path: '/wps/payments/payment-password',
  summary: 'Change the payment password: the old one and the new one (sealed payload)',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: EncryptedPayloadSchema,
  payload: ChangePaymentPasswordPayloadSchema,
  value: PaymentPasswordStatusSchema,
  errors: [
    ...SEALED_ERRORS,
    'PAYMENT_PASSWORD_NOT_SET',
    'PAYMENT_PASSWORD_WRONG',
    'PAYMENT_PASSWORD_LOCKED',
    'PASSWORD_MISMATCH',
    'PASSWORD_UNCHANGED',
  ],
});

export const VerifyPaymentPasswordPayloadSchema = z
  .object({ paymentPassword: PaymentPasswordSchema })
  .strict();
export type VerifyPaymentPasswordPayload = z.input<typeof VerifyPaymentPasswordPayloadSchema>;

export const verifyPaymentPassword = defineEndpoint({
  method: 'POST',
  path: '/wps/payments/payment-password/verify',
  summary: 'Check the payment password (sealed payload); wrong attempts lock it for a while',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: EncryptedPayloadSchema,
  payload: VerifyPaymentPasswordPayloadSchema,
  value: z.object({ verified: z.literal(true) }),
  errors: [
    ...SEALED_ERRORS,
    'PAYMENT_PASSWORD_NOT_SET',
    'PAYMENT_PASSWORD_WRONG',
    'PAYMENT_PASSWORD_LOCKED',
  ],
});
