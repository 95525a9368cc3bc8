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
    app.decorateRequest('language', null);
    app.addHook('onRequest', (request, _reply, next) => {
      request.language = readLanguageCookie(request.headers.cookie);
      next();
    });
    done();
  },
  { name: 'language' },
);
