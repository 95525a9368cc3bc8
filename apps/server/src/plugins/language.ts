import { LanguageSchema, type Language } from '@lanna/contract';
import fp from 'fastify-plugin';

export const LANGUAGE_COOKIE = 'lang';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The chosen language from a Cookie header; an unknown or malformed value counts as none. */
export const readLanguageCookie = (cookieHeader: string | undefined): Language | null => {
  for (const part of (cookieHeader ?? '').split(';').slice(0, 50)) {
    const [name, value] = part.split('=', 2).map((piece) => piece.trim());
    if (name === LANGUAGE_COOKIE) {
      const language = LanguageSchema.safeParse(value);
      return language.success ? language.data : null;
    }
  }
  return null;
};

/** The Set-Cookie value remembering a language: HttpOnly, SameSite=Lax, Secure over HTTPS. */
export const languageCookie = (language: Language, secure: boolean): string =>
  [
    `${LANGUAGE_COOKIE}=${language}`,
    'Path=/',
    `Max-Age=${ONE_YEAR_S}`,
    'SameSite=Lax',
    'HttpOnly',
    ...(secure ? ['Secure'] : []),
  ].join('; ');

export const languagePlugin = fp(
  (app, _options, done) => {
    // Read from the cookie when a route asks, not on every request.
    app.decorateRequest('language', {
      getter() {
        return readLanguageCookie(this.headers.cookie);
      },
    });
    done();
  },
  { name: 'language' },
);
