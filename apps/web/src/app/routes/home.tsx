import type { Notice } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { GoToTop } from '@/components/ui/go-to-top';
import { loginPath, memberTabPath } from '@/config/paths';
import { useBanners } from '@/features/content/api/find-banners';
import { useNotices } from '@/features/content/api/find-notices';
import { BannerCarousel, BannerSkeleton } from '@/features/content/components/banner-carousel';
import { NoticePopup } from '@/features/content/components/notice-popup';
import { NoticeTicker } from '@/features/content/components/notice-ticker';
import { useGameMenus } from '@/features/games/api/get-game-menus';
import { VendorSection } from '@/features/games/components/vendor-section';
import { hasSession } from '@/lib/session';
import { useBootData } from '../boot-data';
import styles from './home.module.css';
import { VendorSectionsSkeleton } from './vendor-sections-skeleton';

/**
 * The home lobby (spec section 2, Home page), real data only: banners of group w_home, the
 * notice ticker, then one section per category that has vendors. /login and /register show
 * this page under their pop-up.
 */
export const HomeRoute = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { merchant } = useBootData();
  const banners = useBanners('w_home');
  const notices = useNotices();
  const menus = useGameMenus();
  const [openNotice, setOpenNotice] = useState<Notice | null | undefined>(undefined);

  const sections = (menus.data?.menus ?? []).filter((menu) => menu.vendors.length > 0);

  // Messages need a session: a guest gets the login prompt (spec section 2, Home page).
  const openMessages = () =>
    void navigate(hasSession() ? memberTabPath('platformMessages') : loginPath());

  return (
    <div data-testid="home-page">
      <h1 className="visually-hidden">{t('home.title', { brand: merchant.name })}</h1>
      <div className={styles.hero}>
        {banners.isPending ? (
          <BannerSkeleton />
        ) : (
          <BannerCarousel banners={banners.data?.list ?? []} />
        )}
        <NoticeTicker
          notices={notices.data?.list ?? []}
          timeZone={merchant.timeZone}
          onOpenNotice={(notice) => setOpenNotice(notice)}
          onOpenMessages={openMessages}
        />
      </div>
      <div className={styles.sections}>
        {menus.isPending ? (
          <VendorSectionsSkeleton />
        ) : sections.length === 0 ? (
          <div className={styles.empty}>
            <EmptyState message={t('no data')} />
          </div>
        ) : (
          sections.map((menu) => <VendorSection key={menu.gameCategory} menu={menu} />)
        )}
      </div>
      {openNotice !== undefined && (
        <NoticePopup
          key={openNotice?.id ?? 'list'}
          open
          initialNoticeId={openNotice?.id ?? null}
          timeZone={merchant.timeZone}
          onClose={() => setOpenNotice(undefined)}
        />
      )}
      <GoToTop label={t('common.backToTop')} />
    </div>
  );
};
