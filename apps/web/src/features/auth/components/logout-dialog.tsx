import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLogout } from '../hooks/use-logout';

type LogoutDialogProps = {
  open: boolean;
  onCancel: () => void;
  /** Where the member lands: / from the site, /agent from the agent area. */
  redirectTo: string;
};

/**
 * The logout confirmation (spec section 4, Login state): 'in_popup_prompt', 'in_sure_logout',
 * cancel and confirm; then a loader while the logout call runs.
 */
export const LogoutDialog = ({ open, onCancel, redirectTo }: LogoutDialogProps) => {
  const { t } = useTranslation();
  const { logout, loggingOut } = useLogout(redirectTo);
  return (
    <ConfirmDialog
      name="logoutModal"
      open={open || loggingOut}
      title={t('in_popup_prompt')}
      confirmLabel={t('auth.confirm')}
      cancelLabel={t('auth.cancel')}
      onConfirm={() => void logout().then(onCancel)}
      onCancel={onCancel}
      busy={loggingOut}
      busyLabel={t('auth.loggingOut')}
      confirmTestId="logout-confirm"
      cancelTestId="logout-cancel"
    >
      <p>{t('in_sure_logout')}</p>
    </ConfirmDialog>
  );
};
