import { login, type LoginPayload } from '@lanna/contract';
import { sealedCall } from '@/lib/api/sealed-call';

/** POST /wps/session/login, sealed (spec section 7, Login group). */
export const loginRequest = (payload: LoginPayload) => sealedCall(login, payload);
