import { setupTotp } from '@lanna/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** A new authenticator secret with its QR code (a new one each call until enabled). */
export const setupTotpRequest = () => call(setupTotp);

export const useSetupTotp = () => useMutation({ mutationFn: setupTotpRequest });
