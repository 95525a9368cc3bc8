/** A phone number a third party has verified (E.164). */
export type VerifiedPhone = { phoneNumber: string };

/**
 * Phone verification by a third party (spec section 7: "when the firebase SMS option is on, the
 * code goes through an external phone-verification service"). The browser talks to the service
 * and hands the server the service's ID token; the adapter checks the token and returns the
 * number it vouches for. Off by default: the platform's own SMS codes are used instead. `verifyIdToken` rejects a token it cannot vouch for.
 */
export type PhoneVerifier = {
  readonly name: string;
  verifyIdToken(idToken: string): Promise<VerifiedPhone>;
};
