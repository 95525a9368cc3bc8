/**
 * Error codes of social login through OpenID Connect (spec section 2, Login popup: optional
 * social logins), with their HTTP status. `errors.ts` spreads them into the one code table.
 */
export const SOCIAL_LOGIN_ERROR_STATUS = {
  /** The merchant has no enabled social provider by that key. */
  SOCIAL_PROVIDER_NOT_FOUND: 404,
  /** The provider could not be reached or answered with something that is not OpenID Connect. */
  SOCIAL_PROVIDER_UNAVAILABLE: 502,
  /**
   * The sign-in to finish is unknown, expired, already finished, or was started in another
   * browser: start again from the login popup.
   */
  SOCIAL_LOGIN_STATE_INVALID: 400,
  /** The provider did not sign the visitor in (declined, cancelled or refused by the provider). */
  SOCIAL_LOGIN_REFUSED: 400,
  /** The provider's answer did not verify (code or ID token refused): nothing was signed in. */
  SOCIAL_LOGIN_FAILED: 502,
} as const;
