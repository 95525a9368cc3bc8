/**
 * Error codes of verification codes, the human check, the authenticator app and the second
 * verification (spec section 8, phone-authentication messages), with their HTTP status.
 * `errors.ts` spreads them into the one code table.
 */
export const CODES_ERROR_STATUS = {
  /** 'invalid phone number format': not a number the merchant's country accepts. */
  PHONE_INVALID: 400,
  /** 'captcha check failed': the proof-of-work is missing, wrong, expired or already used. */
  HUMAN_CHECK_FAILED: 400,
  /** A new code for the same number or address within CODE_RESEND_SECONDS (Retry-After says when). */
  CODE_SEND_TOO_SOON: 429,
  /** 'too many requests, retry after 5 minutes': too many SMS for this number or this client. */
  SMS_RATE_LIMITED: 429,
  /** The same for e-mail codes and reset messages. */
  EMAIL_RATE_LIMITED: 429,
  /** 'invalid or missing verification code': wrong, unknown, already used or replayed. */
  CODE_INVALID: 400,
  /** 'code expired, send again'. */
  CODE_EXPIRED: 400,
  /** Too many wrong tries: the code is spent; send a new one. */
  CODE_ATTEMPTS_EXCEEDED: 429,
  /** 'unknown error': the SMS or e-mail provider did not take the message. */
  CODE_DELIVERY_FAILED: 502,
  /** The authenticator app is already enabled for this member. */
  TOTP_ALREADY_ENABLED: 409,
  /** Enabling needs a setup first (POST /wps/member/totp/setup). */
  TOTP_NOT_SET_UP: 409,
  /** The held-back login is unknown, finished or expired: log in again. */
  SECOND_VERIFICATION_EXPIRED: 400,
  /** The chosen method is not one the held-back login offered. */
  VERIFICATION_METHOD_UNAVAILABLE: 400,
} as const;
