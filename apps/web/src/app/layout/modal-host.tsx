import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '@/components/ui/modal/modal';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { SpeedTest } from '@/features/system/components/speed-test';
import { lazyNamed } from '@/lib/lazy-named';
import { useSession } from '@/lib/session';
import { useBootData } from '../boot-data';
import { closePopup, useActionPopup } from '../popups';
import { useRouteHandle } from '../route-handle';
import styles from './modal-host.module.css';

/*
 * The forms are lazy chunks, downloaded when their popup opens: the home lobby's first load
 * carries none of them.
 */
const LoginModal = lazyNamed(() => import('../modals/login-modal'), 'LoginModal');
const RegisterModal = lazyNamed(() => import('../modals/register-modal'), 'RegisterModal');
const ChatRoom = lazyNamed(() => import('@/features/chat/components/chat-room'), 'ChatRoom');
const ForgotPasswordModal = lazyNamed(
  () => import('../modals/forgot-password-modal'),
  'ForgotPasswordModal',
);

const Lazy = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className={styles.loading}>
          <Spinner label={t('common.loading')} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
};

/**
 * Renders the pop-ups of the player layout: /login and /register open theirs over the home
 * lobby, others are opened by an action.
 */
export const ModalHost = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const popup = useRouteHandle()?.popup;
  const action = useActionPopup();
  const { token } = useSession();
  const { merchant } = useBootData();
  const closeRoutePopup = () => void navigate(paths.home, { replace: true });

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
        <Lazy>
          <LoginModal />
        </Lazy>
      </Modal>
      <Modal
        name="registerPopupModal"
        open={popup === 'register'}
        title={t('popups.register.title')}
        closable
        closeLabel={t('common.close')}
        onClose={closeRoutePopup}
        size="lg"
      >
        <Lazy>
          <RegisterModal />
        </Lazy>
      </Modal>
      <Modal
        name="forgetPassModal"
        open={action === 'forgetPass'}
        title={t('popups.forgot.title')}
        closable
        closeLabel={t('common.close')}
        onClose={closePopup}
        size="sm"
      >
        <Lazy>
          <ForgotPasswordModal onDone={closePopup} />
        </Lazy>
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
        open={action === 'chat' && token !== null}
        title={t('popups.chat.title')}
        closable
        closeLabel={t('common.close')}
        onClose={closePopup}
      >
        {token && (
          <Lazy>
            <ChatRoom token={token} timeZone={merchant.timeZone} />
          </Lazy>
        )}
      </Modal>
    </>
  );
};
