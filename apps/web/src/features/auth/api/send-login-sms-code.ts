import { sendLoginSmsCode, type SendLoginSmsCodeRequest } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** An SMS code for a code login or a password reset by phone. */
export const sendLoginSmsCodeRequest = (body: SendLoginSmsCodeRequest, signal?: AbortSignal) =>
  call(sendLoginSmsCode, { body }, { signal });
