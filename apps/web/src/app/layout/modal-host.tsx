import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Modal } from '@/components/ui/modal/modal';
import { paths } from '@/config/paths';
import { SpeedTest } from '@/features/system/components/speed-test';
import { closePopup, useActionPopup } from '../popups';
import { useRouteHandle } from '../route-handle';
import styles from './modal-host.module.css';

/**
 * Renders the pop-ups: /login and /register open theirs over the home lobby, others are opened
 * by an action. The login and register forms come with the auth release; until then each
 * pop-up says so rather than showing a form that cannot work.
 */
export const ModalHost = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const popup = useRouteHandle()?.popup;
  const action = useActionPopup();
  const closeRoutePopup = () => void navigate(paths.home, { replace: true });
  const referralCode = search.get('referralCode');

  return (
    <>
      <Modal
        name="loginPopupModal"
        open={popup === 'login'}
        title={t('popups.login.title')}
        closable
        closeLabel={t('common.close')}
        onClose={closeRoutePopup}
        size="sm"
      >
        <p className={styles.note}>{t('popups.login.note')}</p>
      </Modal>
      <Modal
        name="registerPopupModal"
        open={popup === 'register'}
        title={t('popups.register.title')}
        closable
        closeLabel={t('common.close')}
        onClose={closeRoutePopup}
        size="sm"
      >
        <p className={styles.note}>{t('popups.register.note')}</p>
        {referralCode && (
          <p className={styles.fact} data-testid="register-referral">
            <span>{t('popups.register.referralCode')}</span>
            <strong>{referralCode}</strong>
          </p>
        )}
      </Modal>
      <Modal
        name="speedModal"
        open={action === 'speed'}
        title={t('speed.title')}
        closable
        closeLabel={t('common.close')}
        onClose={closePopup}
      >
        <SpeedTest />
      </Modal>
      <Modal
        name="chatRoomModal"
        open={action === 'chat'}
        title={t('popups.chat.title')}
        closable
        closeLabel={t('common.close')}
        onClose={closePopup}
        size="sm"
      >
        <p className={styles.note}>{t('common.laterRelease')}</p>
      </Modal>
    </>
  );
};
