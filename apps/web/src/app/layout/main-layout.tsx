import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { isGamePage } from '@/config/paths';
import { useMediaQuery } from '@/lib/use-media-query';
import { AnnouncementHost } from './announcement-host';
import { Footer } from './footer';
import { Header } from './header';
import styles from './main-layout.module.css';
import { ModalHost } from './modal-host';
import { RightBar } from './right-bar';
import { ServiceButton } from './service-button';
import { SideMenu } from './side-menu';

const COLLAPSED_KEY = 'sideMenuCollapsed';
const DRAWER_QUERY = '(max-width: 1024px)';

const readCollapsed = (): boolean => {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
};

/** The player layout: header, side menu, content, footer, right bar and service button. */
export const MainLayout = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const drawer = useMediaQuery(DRAWER_QUERY);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const gamePage = isGamePage(pathname);

  // The drawer only exists on narrow screens; widening the window closes it.
  const menuOpen = drawer && drawerOpen;
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const toggleMenu = () => {
    if (drawer) {
      setDrawerOpen(!menuOpen);
      return;
    }
    setCollapsed((value) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      } catch {
        // Not remembered; the toggle still applies.
      }
      return !value;
    });
  };

  return (
    <div className={styles.shell} data-collapsed={collapsed} data-game-page={gamePage}>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <Header
        menuOpen={drawer ? menuOpen : !collapsed}
        onToggleMenu={toggleMenu}
        menuId={gamePage ? undefined : 'side-menu'}
      />
      {!gamePage && (
        <SideMenu collapsed={collapsed} drawer={drawer} open={menuOpen} onClose={closeDrawer} />
      )}
      <div className={styles.main}>
        <main id="main" className={styles.content} tabIndex={-1}>
          <Suspense fallback={<Spinner label={t('common.loading')} centred />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
      <RightBar />
      <ServiceButton />
      <ModalHost />
      <AnnouncementHost />
    </div>
  );
};
