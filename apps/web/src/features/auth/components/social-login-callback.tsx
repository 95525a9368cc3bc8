import type { CompleteSocialLoginRequest } from '@lanna/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FormAlert } from '@/components/ui/form/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api/api-error';
import { completeSocialLoginRequest } from '../api/complete-social-login';
import { useCompleteSignIn, type SignInResult } from '../hooks/use-complete-sign-in';
import { errorText } from '../utils/error-message';

/** What the provider put on the address: state with a code, or the provider's error. */
export const socialCallbackBodyOf = (search: string): CompleteSocialLoginRequest | null => {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  if (!state) return null;
  const optional = (name: string, key: keyof CompleteSocialLoginRequest = name as never) => {
    const value = params.get(name);
    return value === null ? {} : { [key]: value.slice(0, key === 'code' ? 4096 : 2048) };
  };
  return {
    state: state.slice(0, 512),
    ...optional('code'),
    ...optional('iss'),
    ...optional('error'),
    ...optional('error_description', 'errorDescription'),
  };
};

type SocialLoginCallbackProps = {
  onSignedIn: (result: SignInResult) => void;
  /** Shown under an error: the way back to the login popup. */
  children?: React.ReactNode;
};

/**
 * The end of a social login, on the page the provider sends the visitor back to: the address's
 * parameters go to the server once (the code is single use) and leave the address bar at once;
 * the answer is the session, which signs the member in like any login. A refusal by the
 * provider, or a state the server does not know, shows its message.
 */
export const SocialLoginCallback = ({ onSignedIn, children }: SocialLoginCallbackProps) => {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  // Read once: the address is cleared at once, and a reload has nothing left to send.
  const [body] = useState(() => socialCallbackBodyOf(location.search));
  const [error, setError] = useState<unknown>(() =>
    body ? null : new ApiError('SOCIAL_LOGIN_STATE_INVALID', { status: 400 }),
  );
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void navigate(location.pathname, { replace: true });
    if (!body) return;
    completeSocialLoginRequest(body)
      .then((value) => completeSignIn(value))
      .then(onSignedIn, setError);
  }, [body, completeSignIn, location.pathname, navigate, onSignedIn]);

  if (error === null) return <Spinner label={t('auth.social.signingIn')} centred />;
  return (
    <>
      <FormAlert testId="social-callback-error">{errorText(t, error)}</FormAlert>
      {children}
    </>
  );
};
