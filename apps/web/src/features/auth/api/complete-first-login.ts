import { completeFirstLogin } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** The first-login call a login makes when it said `firstTimeLogin` (spec section 4). */
export const completeFirstLoginRequest = () => call(completeFirstLogin);
