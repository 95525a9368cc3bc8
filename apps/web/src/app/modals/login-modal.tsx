import { useNavigate, useSearchParams } from 'react-router';
import { paths, registerPath } from '@/config/paths';
import { FreeplayButton } from '@/features/auth/components/freeplay-button';
import { LoginForm } from '@/features/auth/components/login-form';
import type { SignInResult } from '@/features/auth/hooks/use-complete-sign-in';
import { safeRedirect } from '@/features/auth/utils/safe-redirect';
import { isWhitelabelEnabled } from '@/features/system/utils/whitelabel';
import { useBootData } from '../boot-data';
import { openPopup } from '../popups';

/**
 * The login popup's content (lazy: loaded when /login opens it). After login the visitor goes
 * where a guard sent them from, or home; a forced password change goes home, under its popup.
 */
export const LoginModal = () => {
  const { permission } = useBootData();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const flags = permission.whitelabel;

  const onSignedIn = ({ passwordChangeRequired }: SignInResult) => {
    const target = passwordChangeRequired ? paths.home : safeRedirect(search.get('from'));
    void navigate(target, { replace: true });
  };

  return (
    <LoginForm
      area="site"
      codeLogin={isWhitelabelEnabled(flags, 'MOBILEVERCODELOGIN3')}
      onSignedIn={onSignedIn}
      onForgotPassword={() => {
        void navigate(paths.home, { replace: true });
        openPopup('forgetPass');
      }}
      onRegister={() => void navigate(registerPath(), { replace: true })}
    >
      {isWhitelabelEnabled(flags, 'FREEPLAY3') && <FreeplayButton onSignedIn={onSignedIn} />}
    </LoginForm>
  );
};
