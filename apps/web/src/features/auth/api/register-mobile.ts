import { registerMobile, type RegisterMobilePayload } from '@lanna/contract';
import { sealedCall } from '@/lib/api/sealed-call';

/** PUT /wps/member/register/mobile, sealed (MOBILENUMREG3); signs the new member in. */
export const registerMobileRequest = (payload: RegisterMobilePayload) =>
  sealedCall(registerMobile, payload);
