import {
  completeSecondVerification,
  type CompleteSecondVerificationRequest,
} from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** Finishes a held-back login with the second factor; answers like a login. */
export const completeSecondVerificationRequest = (body: CompleteSecondVerificationRequest) =>
  call(completeSecondVerification, { body });
