import type { BundledLanguage } from '@lanna/contract';
import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  bundledLanguageCodes,
  fromI18nCode,
  htmlLang,
  loadLanguageBundle,
  storeLanguage,
  toI18nCode,
} from './language';

/**
 * i18next with one lazily loaded bundle per language (src/locales/<lang>.json). EN is the
 * default and the fallback; the same key set ships in every bundle (locales.test.ts).
 */
export const DEFAULT_LANGUAGE: BundledLanguage = 'EN';

export const createI18n = (language: BundledLanguage): I18n => {
  const instance = i18next.createInstance();
  // Not awaited: components suspend (useSuspense) until the bundle has arrived.
  void instance
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (code: string) => {
        const bundled = fromI18nCode(code) ?? DEFAULT_LANGUAGE;
        return (await loadLanguageBundle(bundled)).default;
      }),
    )
    .init({
      lng: toI18nCode(language),
      fallbackLng: toI18nCode(DEFAULT_LANGUAGE),
      supportedLngs: bundledLanguageCodes().map(toI18nCode),
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = htmlLang(language);
  return instance;
};

/** The current interface language as the contract names it. */
export const currentLanguage = (instance: I18n): BundledLanguage =>
  fromI18nCode(instance.resolvedLanguage ?? instance.language) ?? DEFAULT_LANGUAGE;

/**
 * Switches the interface language; a visitor's own choice is remembered under both storage
 * keys, a merchant default is not.
 */
export const changeLanguage = async (
  instance: I18n,
  language: BundledLanguage,
  { persist }: { persist: boolean },
): Promise<void> => {
  if (persist) storeLanguage(language);
  document.documentElement.lang = htmlLang(language);
  await instance.changeLanguage(toI18nCode(language));
};
