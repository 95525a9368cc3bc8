import { getSessionToken } from '../session-token';
import { storedLanguage } from '../language';

/** Headers every API request carries: the session (when there is one) and the language. */
export const requestHeaders = (): Record<string, string> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const language = storedLanguage();
  if (language) headers['Accept-Language'] = language;
  return headers;
};
