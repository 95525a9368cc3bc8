import { z } from 'zod';

/** Every interface language the spec names (spec section 1). */
export const LANGUAGES = [
  'EN',
  'CN',
  'JA',
  'TH',
  'VI',
  'MY',
  'ES',
  'HI',
  'ID',
  'KM',
  'KO',
  'MS',
  'PT',
  'TA',
  'TW',
  'TY',
  'UR',
  'TR',
  'BN',
  'AR',
  'FA',
  'RU',
  'KK',
  'UZ',
  'LO',
  'NE',
  'FR',
  'TE',
  'SW',
] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

/** The languages whose bundles ship today; the rest fall back to EN until translated. */
export const BUNDLED_LANGUAGES = ['EN', 'CN', 'TH', 'KM'] as const satisfies readonly Language[];
export type BundledLanguage = (typeof BUNDLED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: BundledLanguage = 'EN';
