import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { isWhitelabelEnabled } from '@/features/system/utils/whitelabel';
import { useBootData } from '../boot-data';

/**
 * The forgot-password content of forgetPassModal and of the /forget page: mobile first when
 * CHNGPASSVERIF3 is on, otherwise e-mail (spec section 2). A reset signs the member in: the
 * popup closes and the member goes home (spec section 4, Forgot password).
 */
export const ForgotPasswordModal = ({ onDone }: { onDone: () => void }) => {
  const { permission } = useBootData();
  const navigate = useNavigate();
  return (
    <ForgotPasswordForm
      defaultTab={isWhitelabelEnabled(permission.whitelabel, 'CHNGPASSVERIF3') ? 'mobile' : 'email'}
      passwordRule={permission.registerRules.password}
      onSignedIn={() => {
        onDone();
        void navigate(paths.home, { replace: true });
      }}
    />
  );
};
