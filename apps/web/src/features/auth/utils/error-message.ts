import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api/api-error';

/**
 * The sentence a member reads for a failure: `errors.<CODE>` (spec section 8), with the wait
 * when the server said how long (throttled logins, rate limits, too-soon codes).
 */
export const errorText = (t: TFunction, error: unknown): string => {
  if (!isApiError(error)) return t('errors.INTERNAL_ERROR');
  const message = t(error.messageKey);
  const wait = error.retryAfterSeconds;
  return wait && wait > 0 ? `${message} ${t('auth.retryAfter', { seconds: wait })}` : message;
};

/** Field issues of a VALIDATION_FAILED answer, by field name (the server's `path`). */
export const issuesByField = (error: unknown): Record<string, string> => {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return {};
  return Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message]));
};
