import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { BUNDLED_LANGUAGES, LanguageSchema } from '../i18n.ts';

const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** What a merchant's site looks like: its brand, colours, languages, zone and currency. */
export const MerchantBrandSchema = z.object({
  code: z.string(),
  name: z.string(),
  tagline: z.string(),
  primaryColor: HexColorSchema,
  accentColor: HexColorSchema,
  currency: z.string().length(3),
  currencySymbol: z.string(),
  currencyDecimals: z.number().int().min(0).max(4),
  timeZone: z.string(),
  defaultLanguage: z.enum(BUNDLED_LANGUAGES),
  languages: z.array(LanguageSchema),
  licence: z.string(),
});
export type MerchantBrand = z.infer<typeof MerchantBrandSchema>;

export const getMerchant = defineEndpoint({
  method: 'GET',
  path: '/wps/system/merchant',
  summary: 'Brand, zone, currency and languages of the merchant serving this host',
  tag: 'system',
  auth: 'public',
  value: MerchantBrandSchema,
  errors: ['MERCHANT_NOT_FOUND'],
});
