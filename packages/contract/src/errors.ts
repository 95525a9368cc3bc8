import { AGENTS_ERROR_STATUS } from './agents/agents-errors.ts';
import { PROMOTIONS_ERROR_STATUS } from './promotions/promotions-errors.ts';
import { AUTH_ERROR_STATUS } from './auth/auth-errors.ts';
import { CODES_ERROR_STATUS } from './auth/codes-errors.ts';
import { SOCIAL_LOGIN_ERROR_STATUS } from './auth/social-login-errors.ts';
import { TRANSFER_ERROR_STATUS } from './wallet/transfer-errors.ts';
import { DEPOSIT_ERROR_STATUS } from './payments/deposit-errors.ts';
import { BETTING_ERROR_STATUS } from './betting/betting-errors.ts';
import { CHAT_ERROR_STATUS } from './chat/chat-errors.ts';
import { GAMES_ERROR_STATUS } from './games/games-errors.ts';
import { MESSAGES_ERROR_STATUS } from './messages/messages-errors.ts';
import { VENDOR_WALLET_ERROR_STATUS } from './vendor-wallet/vendor-wallet-errors.ts';
import { WALLET_ERROR_STATUS } from './wallet/wallet-errors.ts';
import { WITHDRAWAL_ERROR_STATUS } from './payments/withdrawal-errors.ts';

/**
 * Stable error codes. A code never changes meaning once shipped; the web turns it into text
 * through the translation key `errors.<CODE>`.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_BODY: 400,
  /**
   * Fields each valid on their own, refused by a rule the schema cannot state: across fields
   * (from before to, a minimum below its maximum) or set by the merchant (registration fields,
   * password length). The issues name the fields, as for VALIDATION_FAILED.
   */
  RULES_NOT_MET: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  REGION_BLOCKED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  MERCHANT_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An uploaded picture (feedback) that is not a PNG or JPEG by its bytes. */
  IMAGE_INVALID: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  MAINTENANCE: 503,
  ...AUTH_ERROR_STATUS,
  ...CODES_ERROR_STATUS,
  ...SOCIAL_LOGIN_ERROR_STATUS,
  ...WALLET_ERROR_STATUS,
  ...VENDOR_WALLET_ERROR_STATUS,
  ...DEPOSIT_ERROR_STATUS,
  ...TRANSFER_ERROR_STATUS,
  ...WITHDRAWAL_ERROR_STATUS,
  ...GAMES_ERROR_STATUS,
  ...CHAT_ERROR_STATUS,
  ...MESSAGES_ERROR_STATUS,
  ...BETTING_ERROR_STATUS,
  ...AGENTS_ERROR_STATUS,
  ...PROMOTIONS_ERROR_STATUS,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const isErrorCode = (code: string): code is ErrorCode => code in ERROR_STATUS;

/** The translation key the web shows for a code. */
export const errorMessageKey = (code: ErrorCode): string => `errors.${code}`;

export const OK_CODE = 'OK';
export const OK_MESSAGE = 'ok';
