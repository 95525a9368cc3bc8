import { AnnouncementPopup } from '@/features/content/components/announcement-popup';
import { audienceOf } from '@/features/content/utils/announcement-audience';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { isFirstLoginSession } from '@/lib/first-login';
import { useBootData } from '../boot-data';
import { useActionPopup } from '../popups';
import { useRouteHandle } from '../route-handle';

/**
 * The announcements pop-up for whoever is looking (spec section 4): visitors, signed-in
 * members, or a member's first login. It waits while a signed-in member is still loading, so a
 * member never sees the visitors' announcements first, and while another pop-up is open (the
 * login on /login, a form the member opened), so it never covers what the member asked for;
 * it shows once that pop-up closes.
 */
export const AnnouncementHost = () => {
  const { merchant } = useBootData();
  const auth = useAuth();
  const routePopup = useRouteHandle()?.popup;
  const actionPopup = useActionPopup();
  if (auth.isPending || auth.passwordChangeRequired || routePopup || actionPopup) return null;
  const audience = audienceOf(auth.member ?? null, isFirstLoginSession());
  return <AnnouncementPopup audience={audience} timeZone={merchant.timeZone} />;
};
