import type { ErrorCode, SecondVerificationChallenge } from '@lanna/contract';

/** Failures the browser sees that never reach the server's error table. */
export const CLIENT_ERROR_CODES = [
  'NETWORK_ERROR',
  'TIMEOUT',
  'INVALID_RESPONSE',
  /** The browser cannot seal a sensitive payload (no WebCrypto: the page is not on https). */
  'ENCRYPTION_UNAVAILABLE',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type ApiErrorCode = ErrorCode | ClientErrorCode;

type ApiErrorDetails = {
  status: number;
  requestId?: string | undefined;
  issues?: { path: string; message: string }[] | undefined;
  captchaRequired?: boolean | undefined;
  retryAfterSeconds?: number | undefined;
  secondVerification?: SecondVerificationChallenge | undefined;
  undercutContracts?: UndercutContract[] | undefined;
  cause?: unknown;
};

/** A contract of the caller's that accepting an offer would end (CONTRACT_UNDERCUTS_DOWNLINES). */
export type UndercutContract = { id: number; downline: string; topRateBp: number };

/**
 * The one error the api client throws: every failure (network, time-out, an error envelope, a
 * response that breaks the contract) becomes a code the web translates through `errors.<CODE>`.
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly requestId: string | undefined;
  readonly issues: { path: string; message: string }[];
  /** A failed login asks for a captcha on the next try (spec section 4, Login flow). */
  readonly captchaRequired: boolean;
  /** Throttled or rate limited: seconds until another try may succeed, when the server said. */
  readonly retryAfterSeconds: number | undefined;
  /** SECOND_VERIFICATION_REQUIRED: how to finish the held-back login. */
  readonly secondVerification: SecondVerificationChallenge | undefined;
  /** CONTRACT_UNDERCUTS_DOWNLINES: the caller's own contracts that accepting would end. */
  readonly undercutContracts: UndercutContract[];

  constructor(code: ApiErrorCode, details: ApiErrorDetails) {
    super(code, { cause: details.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = details.status;
    this.requestId = details.requestId;
    this.issues = details.issues ?? [];
    this.captchaRequired = details.captchaRequired ?? false;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.secondVerification = details.secondVerification;
    this.undercutContracts = details.undercutContracts ?? [];
  }

  /** The translation key of the message a member reads. */
  get messageKey(): string {
    return `errors.${this.code}`;
  }

  /**
   * Worth another try: the network, a time-out or the server having a bad moment. Maintenance
   * is a state, not a moment: asking again at once only delays the maintenance screen.
   */
  get retriable(): boolean {
    if (this.code === 'MAINTENANCE') return false;
    return this.code === 'NETWORK_ERROR' || this.code === 'TIMEOUT' || this.status >= 500;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The translation key for any failure a query or mutation reports. */
export const errorMessageKey = (error: unknown): string =>
  isApiError(error) ? error.messageKey : 'errors.INTERNAL_ERROR';
