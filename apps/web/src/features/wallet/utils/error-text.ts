import type { TFunction } from 'i18next';
import { errorMessageKey, isApiError } from '@/lib/api/api-error';

/** The sentence for a refused money request, with the wait when the server gave one (a lock). */
export const moneyErrorText = (t: TFunction, error: unknown): string => {
  const message = t(errorMessageKey(error));
  const wait = isApiError(error) ? error.retryAfterSeconds : undefined;
  return wait && wait > 0 ? `${message} ${t('auth.retryAfter', { seconds: wait })}` : message;
};
