import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { EncryptedPayloadSchema } from './encrypted-payload.ts';
import { LoginValueSchema } from './login.ts';
import { shownText, text } from '../text.ts';

// Bounds of the wire format only; the merchant's rules (GET /wps/system/setting/register/rules,
// checked with `checkField`) are stricter and decide.
const field = (max = 100) => text(max).optional();
const shownField = (max = 100) => shownText(max).optional();

/**
 * Register user (spec section 3), sealed with `encryptPayload`. Optional fields are sent only
 * when the merchant enables them; a non-empty value for a disabled field is refused.
 */
export const RegisterPayloadSchema = z
  .object({
    username: shownText(64),
    password: text(128),
    confirmPassword: text(128),
    payeeName: shownField(),
    email: field(254),
    qqNum: field(32),
    mobileNum: field(32),
    countryDialingCode: field(8),
    paymentPassword: field(128),
    line: field(),
    whatsapp: field(),
    facebook: field(),
    wechat: field(),
    zalo: field(),
    telegram: field(),
    idNumber: field(32),
    birthday: field(10),
    nickname: shownField(),
    address: field(200),
    nationality: field(),
    occupation: field(),
    sourceOfIncome: field(),
    /** An agent's affiliate code: the agent becomes the upline. */
    affiliateCode: field(32),
    /** A member's referral code (from `?referralCode=`): the referrer is recorded. */
    referralCode: field(32),
    recommenderId: field(32),
    captcha: field(16),
    captchaId: z.uuid().optional(),
    verificationCode: field(16),
    domain: field(253),
    registerUrl: field(2048),
    registerMethod: z.literal('WEB').default('WEB'),
    /** The terms box (ticked by default where the merchant says so); must be true. */
    termsAccepted: z.boolean(),
    /** 'I am at least {minimumAge}'; must be true. */
    ageConfirmed: z.boolean(),
    /** Log in after registering (the spec's login flag); the site always does. */
    login: z.boolean().default(true),
  })
  .strict();
export type RegisterPayload = z.input<typeof RegisterPayloadSchema>;

/**
 * Registration answers like a login when `login` is true (the new member is signed in);
 * otherwise `token` is an empty string and `expiresAt` the registration time.
 */
export const register = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/register',
  summary: 'Register a member by username (sealed payload) and sign them in',
  tag: 'auth',
  auth: 'public',
  body: EncryptedPayloadSchema,
  payload: RegisterPayloadSchema,
  value: LoginValueSchema,
  errors: [
    'RULES_NOT_MET',
    'MERCHANT_NOT_FOUND',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'PAYLOAD_ENCRYPTION_REQUIRED',
    'PAYLOAD_INVALID',
    'PAYLOAD_KEY_UNKNOWN',
    'PAYLOAD_EXPIRED',
    'PAYLOAD_REPLAYED',
    'USERNAME_TAKEN',
    'PASSWORD_MISMATCH',
    'WEAK_PASSWORD',
    'INVALID_INVITATION_CODE',
    'TERMS_NOT_ACCEPTED',
    'AGE_NOT_CONFIRMED',
    'CAPTCHA_INVALID',
    'RATE_LIMITED',
    // REGMOBVERF3: the SMS code of the mobile field.
    'PHONE_INVALID',
    'CODE_INVALID',
    'CODE_EXPIRED',
    'CODE_ATTEMPTS_EXCEEDED',
  ],
});
