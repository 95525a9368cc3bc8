import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LanguageSchema } from '../i18n.ts';

/** The site sends the chosen language on change (spec section 1); the server answers in it. */
export const updateLanguage = defineEndpoint({
  method: 'PUT',
  path: '/wps/system/language',
  summary: 'Remember the interface language of this client',
  tag: 'system',
  auth: 'public',
  body: z.object({ language: LanguageSchema }).strict(),
  value: z.object({ language: LanguageSchema }),
  errors: ['VALIDATION_FAILED', 'MALFORMED_BODY', 'MERCHANT_NOT_FOUND'],
});
