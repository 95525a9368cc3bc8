import { resetPasswordByCode, type ResetPasswordByCodePayload } from '@lanna/contract';
import { sealedCall } from '@/lib/api/sealed-call';

/** A new password with an SMS or e-mail code, sealed; success signs the member in. */
export const resetPasswordByCodeRequest = (payload: ResetPasswordByCodePayload) =>
  sealedCall(resetPasswordByCode, payload);
