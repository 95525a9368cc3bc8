import type { PhoneVerifier } from './phone-verifier.ts';

export type { PhoneVerifier, VerifiedPhone } from './phone-verifier.ts';

/**
 * The third-party phone verifier, or null: off, the only setting until an adapter for a service
 * this platform can reach is written (it then adds a PHONE_VERIFIER variable and its branch here).
 */
export const createPhoneVerifier = (): PhoneVerifier | null => null;
