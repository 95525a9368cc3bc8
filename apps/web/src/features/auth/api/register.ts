import { register, type RegisterPayload } from '@lanna/contract';
import { sealedCall } from '@/lib/api/sealed-call';

/** PUT /wps/member/register, sealed; answers like a login (the new member is signed in). */
export const registerRequest = (payload: RegisterPayload) => sealedCall(register, payload);
