import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

type RealAccountNoticeProps = { open: boolean; onClose: () => void };

/**
 * What a trial member sees when starting something only a real account may do (spec sections
 * 4 and 6): 'in_need_true_account', confirmed with 'in_increase_submit'.
 */
export const RealAccountNotice = ({ open, onClose }: RealAccountNoticeProps) => {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      name="realAccountModal"
      open={open}
      title={t('in_popup_prompt')}
      confirmLabel={t('in_increase_submit')}
      confirmTestId="real-account-confirm"
      onConfirm={onClose}
    >
      <p data-testid="real-account-notice">{t('in_need_true_account')}</p>
    </ConfirmDialog>
  );
};
