import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** A captcha: its id travels back with the answer; the image is an SVG data URL. */
export const CaptchaSchema = z.object({
  captchaId: z.uuid(),
  /** `data:image/svg+xml;base64,...` */
  image: z.string(),
  expiresAt: z.iso.datetime(),
});
export type Captcha = z.infer<typeof CaptchaSchema>;

export const getCaptcha = defineEndpoint({
  method: 'GET',
  path: '/wps/captcha',
  summary: 'A new captcha image (single use, valid 2 minutes)',
  tag: 'auth',
  auth: 'public',
  value: CaptchaSchema,
  errors: ['MERCHANT_NOT_FOUND', 'RATE_LIMITED'],
});
