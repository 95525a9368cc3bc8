import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ForcedPasswordChange } from '@/features/auth/components/forced-password-change';
import { useBootData } from '../boot-data';

/**
 * The forced change-password popup's content (lazy). The password rule is the merchant's
 * registration rule for `password`, from the permission info. Success goes to / (spec
 * section 4, Login flow), or to the agent centre when the login was the agent area's.
 */
export const ForcedPasswordChangeModal = () => {
  const { permission } = useBootData();
  const navigate = useNavigate();
  const inAgentArea = useLocation().pathname.toLowerCase().startsWith(paths.agent.toLowerCase());
  return (
    <ForcedPasswordChange
      passwordRule={permission.registerRules.password}
      onDone={() => void navigate(inAgentArea ? paths.agentHome : paths.home, { replace: true })}
    />
  );
};
