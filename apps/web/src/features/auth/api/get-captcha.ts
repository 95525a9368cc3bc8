import { getCaptcha } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** A new single-use captcha: its id travels back with the answer. */
export const getCaptchaRequest = () => call(getCaptcha);
