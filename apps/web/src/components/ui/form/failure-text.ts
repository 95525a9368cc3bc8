import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api/api-error';

/**
 * The sentence a member reads for a failed request: `errors.<CODE>` (spec section 8), with the
 * wait when the server said how long (throttled logins, rate limits, too-soon codes).
 */
export const failureText = (t: TFunction, error: unknown): string => {
  if (!isApiError(error)) return t('errors.INTERNAL_ERROR');
  const message = t(error.messageKey);
  const wait = error.retryAfterSeconds;
  return wait && wait > 0 ? `${message} ${t('auth.retryAfter', { seconds: wait })}` : message;
};
