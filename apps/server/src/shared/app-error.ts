import { ERROR_STATUS, type ErrorCode, type SecondVerificationChallenge } from '@lanna/contract';

/** One field problem reported with VALIDATION_FAILED: a dotted path and what is wrong. */
export type Issue = { path: string; message: string };

/** What a refusal tells the client beyond its code (contract ErrorEnvelopeSchema). */
export type ErrorDetails = {
  captchaRequired?: boolean;
  retryAfterSeconds?: number;
  secondVerification?: SecondVerificationChallenge;
  undercutContracts?: { id: number; downline: string; topRateBp: number }[];
};

/**
 * The one error type that services throw for expected failures. The error handler turns it
 * into the envelope with the code's HTTP status (contract `ERROR_STATUS`).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: Issue[] | undefined;
  readonly details: ErrorDetails | undefined;

  constructor(
    code: ErrorCode,
    options: { issues?: Issue[]; details?: ErrorDetails; cause?: unknown } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.issues = options.issues;
    this.details = options.details;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
