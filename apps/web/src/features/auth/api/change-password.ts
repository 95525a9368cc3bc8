import { changePassword, type ChangePasswordPayload } from '@lanna/contract';
import { useMutation } from '@tanstack/react-query';
import { sealedCall } from '@/lib/api/sealed-call';

/** POST /wps/member/password, sealed; every other session of the member ends. */
export const changePasswordRequest = (payload: ChangePasswordPayload) =>
  sealedCall(changePassword, payload);

export const useChangePassword = () => useMutation({ mutationFn: changePasswordRequest });
