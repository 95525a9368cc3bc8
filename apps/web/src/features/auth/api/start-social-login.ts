import { startSocialLogin } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** The provider's address to open; the server also sets the cookie that binds this browser. */
export const startSocialLoginRequest = (provider: string) =>
  call(startSocialLogin, { body: { provider } });
