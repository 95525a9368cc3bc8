import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { loginPath, memberTabPath } from '@/config/paths';
import { hasSession } from '@/lib/session';
import { useNotices } from '../api/find-notices';
import { NoticePopup } from './notice-popup';
import { NoticeTicker } from './notice-ticker';

/**
 * The home page's notices (spec section 2, Home page): the ticker of the newest notices and the
 * notice pop-up it opens at the clicked notice. The message icon opens the member's messages;
 * a guest gets the login prompt instead.
 */
export const HomeNotices = ({
  timeZone,
  unreadBadge,
}: {
  timeZone: string;
  /** The member's unread-message badge for the ticker's message icon. */
  unreadBadge?: ReactNode;
}) => {
  const navigate = useNavigate();
  const notices = useNotices();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const list = notices.data?.list ?? [];

  const openMessages = () =>
    void navigate(hasSession() ? memberTabPath('platformMessages') : loginPath());

  return (
    <>
      <NoticeTicker
        notices={list}
        timeZone={timeZone}
        onOpenNotice={(notice) => setOpenIndex(Math.max(0, list.indexOf(notice)))}
        onOpenMessages={openMessages}
        unreadBadge={unreadBadge}
      />
      {openIndex !== null && (
        <NoticePopup
          open
          noticeIndex={openIndex}
          timeZone={timeZone}
          onClose={() => setOpenIndex(null)}
          onToPromotion={() => void navigate(memberTabPath('rewardCenter'))}
        />
      )}
    </>
  );
};
