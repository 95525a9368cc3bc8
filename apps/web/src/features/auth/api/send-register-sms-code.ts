import { sendRegisterSmsCode, type SendRegisterSmsCodeRequest } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** The SMS code registration asks for (REGMOBVERF3). */
export const sendRegisterSmsCodeRequest = (
  body: SendRegisterSmsCodeRequest,
  signal?: AbortSignal,
) => call(sendRegisterSmsCode, { body }, { signal });
