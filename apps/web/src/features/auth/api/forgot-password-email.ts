import { forgotPasswordByEmail, type ForgotPasswordEmailRequest } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** Forgot by e-mail: form-urlencoded username and e-mail, as spec section 7 says. */
export const forgotPasswordByEmailRequest = (body: ForgotPasswordEmailRequest) =>
  call(forgotPasswordByEmail, { body }, { encoding: 'form' });
