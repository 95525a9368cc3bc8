import type { BundledLanguage, Language } from '@lanna/contract';

/**
 * Language bundles and the stored choice. This file is imported by the entry, so it holds only
 * type imports from the contract: the bundles that ship are the files in src/locales (a unit
 * test checks they are exactly the contract's BUNDLED_LANGUAGES).
 */
type Bundle = { default: Record<string, unknown> };

const bundles = import.meta.glob<Bundle>('../locales/*.json');

/** Both keys are written; 'hisLang' is read first (spec section 9). */
export const LANGUAGE_STORAGE_KEYS = ['hisLang', 'lang'] as const;

const bundlePath = (language: string): string => `../locales/${language.toLowerCase()}.json`;

export const isBundledLanguage = (code: string): code is BundledLanguage =>
  bundlePath(code) in bundles;

export const bundledLanguageCodes = (): BundledLanguage[] =>
  Object.keys(bundles)
    .map((path) => path.replace(/^.*\/([a-z]+)\.json$/, '$1').toUpperCase())
    .filter(isBundledLanguage);

export const loadLanguageBundle = async (language: BundledLanguage): Promise<Bundle> => {
  const load = bundles[bundlePath(language)];
  if (!load) throw new Error(`No bundle for language ${language}`);
  return load();
};

/** The language the visitor chose earlier, or null when none was stored. */
export const storedLanguage = (): BundledLanguage | null => {
  try {
    for (const key of LANGUAGE_STORAGE_KEYS) {
      const value = localStorage.getItem(key)?.toUpperCase();
      if (value && isBundledLanguage(value)) return value;
    }
  } catch {
    // Storage can be disabled (private mode); the default language applies.
  }
  return null;
};

export const storeLanguage = (language: BundledLanguage): void => {
  try {
    for (const key of LANGUAGE_STORAGE_KEYS) localStorage.setItem(key, language);
  } catch {
    // Not persisted; the choice still applies to this page.
  }
};

/** The i18next code of a language: its bundle file name. */
export const toI18nCode = (language: BundledLanguage): string => language.toLowerCase();

export const fromI18nCode = (code: string): BundledLanguage | null => {
  const upper = code.toUpperCase();
  return isBundledLanguage(upper) ? upper : null;
};

const HTML_LANG: Partial<Record<Language, string>> = { EN: 'en', CN: 'zh-CN', TH: 'th', KM: 'km' };

/** The BCP 47 tag for the html lang attribute and Intl formatting. */
export const htmlLang = (language: BundledLanguage): string => HTML_LANG[language] ?? 'en';

/** Each language named in itself, as language pickers show them. */
export const LANGUAGE_AUTONYMS: Partial<Record<Language, string>> = {
  EN: 'English',
  CN: '中文',
  TH: 'ไทย',
  KM: 'ខ្មែរ',
};
