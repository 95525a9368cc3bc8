import { logout } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/**
 * DELETE /wps/session/logout. A 401 here only says the session had already ended, so it does
 * not raise the expired-session prompt.
 */
export const logoutRequest = () => call(logout, {}, { expireOnUnauthorized: false });
