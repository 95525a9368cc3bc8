/**
 * Error codes of sign-in, registration, passwords and sessions (spec section 8), with their
 * HTTP status. `errors.ts` spreads them into the one code table.
 */
export const AUTH_ERROR_STATUS = {
  /** 'wrong account or password': unknown username and wrong password look the same. */
  WRONG_CREDENTIALS: 400,
  /** The login needs a captcha (`GET /wps/captcha`) and none came; value.captchaRequired is true. */
  CAPTCHA_REQUIRED: 400,
  /** The captcha answer is wrong, expired or already used; fetch a new one. */
  CAPTCHA_INVALID: 400,
  /** Too many failed logins: value.retryAfterSeconds says when to try again (Retry-After too). */
  LOGIN_THROTTLED: 429,
  /** 'non-member account cannot log in': the account is not a player or agent account. */
  NON_MEMBER_ACCOUNT: 403,
  /** The account has been disabled by the operator. */
  ACCOUNT_DISABLED: 403,
  /** 'non-agent cannot log in' to the agent area. */
  NON_AGENT_ACCOUNT: 403,
  /** 'in_need_true_account': a trial account asked for something only a real account may do. */
  TRIAL_ACCOUNT_FORBIDDEN: 403,
  /** 'verify first': a login from an IP not seen before for this member needs a second factor. */
  SECOND_VERIFICATION_REQUIRED: 403,
  /** 'invalid invitation code': the affiliate or referral code names nobody. */
  INVALID_INVITATION_CODE: 400,
  USERNAME_TAKEN: 409,
  /** 'inconsistent twice': the confirmation differs from the new password. */
  PASSWORD_MISMATCH: 400,
  /** The password is on the list of common passwords (or otherwise guessable). */
  WEAK_PASSWORD: 400,
  /** Change password: the old password is not the member's password. */
  WRONG_OLD_PASSWORD: 400,
  /** Change password: the new password equals the old one. */
  PASSWORD_UNCHANGED: 400,
  TERMS_NOT_ACCEPTED: 400,
  AGE_NOT_CONFIRMED: 400,
  /** A sensitive call came in clear text: it must be sealed with `encryptPayload`. */
  PAYLOAD_ENCRYPTION_REQUIRED: 400,
  /** The sealed payload does not open (tampered, truncated or sealed for another key). */
  PAYLOAD_INVALID: 400,
  /** The key id is not the server's current key: fetch `GET /wps/session/key` again and reseal. */
  PAYLOAD_KEY_UNKNOWN: 400,
  /** The payload's timestamp is outside the accepted window (the client clock or a stale replay). */
  PAYLOAD_EXPIRED: 400,
  /** This exact sealed payload was already used once. */
  PAYLOAD_REPLAYED: 409,
  /** The merchant has this feature switched off (for example FREEPLAY3 for free play). */
  FEATURE_DISABLED: 403,
} as const;
