import {
  sendSecondVerificationCode,
  type SendSecondVerificationCodeRequest,
} from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** The SMS or e-mail code that finishes a held-back login. */
export const sendSecondVerificationCodeRequest = (
  body: SendSecondVerificationCodeRequest,
  signal?: AbortSignal,
) => call(sendSecondVerificationCode, { body }, { signal });
