import { completeSocialLogin, type CompleteSocialLoginRequest } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** What the provider sent back, for the server to redeem: the answer is a new session. */
export const completeSocialLoginRequest = (body: CompleteSocialLoginRequest) =>
  call(completeSocialLogin, { body });
