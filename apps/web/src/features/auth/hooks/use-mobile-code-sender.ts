import { useCallback } from 'react';
import { sendLoginSmsCodeRequest } from '../api/send-login-sms-code';
import { solveHumanProof } from '../utils/human-proof';
import { useCodeSender } from './use-code-sender';

/**
 * The code button of the mobile login and the phone reset: a human proof first, then the SMS
 * for that purpose to the typed number (spec section 4, Code sending).
 */
export const useMobileCodeSender = (mobile: string, purpose: 'login' | 'resetPassword') => {
  const prepare = useCallback((signal: AbortSignal) => solveHumanProof(signal), []);
  const send = useCallback(
    (humanVerification: Awaited<ReturnType<typeof solveHumanProof>>, signal: AbortSignal) =>
      sendLoginSmsCodeRequest({ mobileNum: mobile.trim(), purpose, humanVerification }, signal),
    [mobile, purpose],
  );
  return useCodeSender({ prepare, send });
};
