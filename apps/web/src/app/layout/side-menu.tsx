import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { useBanners } from '@/features/content/api/find-banners';
import { GroupBanners } from '@/features/content/components/banner-carousel';
import { useGameMenus } from '@/features/games/api/get-game-menus';
import { openServiceWindow } from '@/features/system/utils/open-service-window';
import { loginPath } from '@/config/paths';
import { hasSession } from '@/lib/session';
import { useBootData } from '../boot-data';
import { openPopup } from '../popups';
import { BrandMark } from './brand-mark';
import headerStyles from './header.module.css';
import { sideMenuEntries, type SideMenuAction, type SideMenuEntry } from './side-menu-entries';
import styles from './side-menu.module.css';

type SideMenuProps = {
  collapsed: boolean;
  drawer: boolean;
  open: boolean;
  onClose: () => void;
};

const SKELETON_ROWS = 6;

/**
 * The right bar, with its chat toggle, is hidden where the menu is a drawer (1024 px and
 * narrower); the drawer carries the toggle there so the chat room stays reachable.
 */
const CHAT_ROOM_ENTRY: SideMenuEntry = {
  key: 'chat-room',
  labelKey: 'rightBar.chat',
  icon: 'chat',
  action: 'chatRoom',
};

/** Collapsible on wide screens, an off-canvas drawer on narrow ones (spec section 2, Layout). */
export const SideMenu = ({ collapsed, drawer, open, onClose }: SideMenuProps) => {
  const { t } = useTranslation();
  const { permission } = useBootData();
  const menus = useGameMenus();
  const panelRef = useRef<HTMLElement>(null);
  const groups = sideMenuEntries(menus.data?.menus ?? [], permission);
  const banners = useBanners('w_leftmenu');

  useEffect(() => {
    if (!drawer || !open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer, open, onClose]);

  const location = useLocation();
  const isCurrentWithQuery = (to: string) => {
    const url = new URL(to, 'http://site');
    const here = new URLSearchParams(location.search);
    return (
      url.pathname === location.pathname &&
      [...url.searchParams].every(([key, value]) => here.get(key) === value)
    );
  };

  const navigate = useNavigate();
  const runAction = (action: SideMenuAction) => {
    if (action === 'speed') openPopup('speed');
    // The chat room needs a session, as from the right bar: guests are sent to log in first.
    if (action === 'chatRoom') {
      if (hasSession()) openPopup('chat');
      else void navigate(loginPath());
    }
    const liveChat = permission.resources.LIVE_CHAT;
    if (action === 'liveChat' && liveChat) openServiceWindow(liveChat.url, 'liveChat');
    onClose();
  };

  const renderItem = (entry: SideMenuEntry) => {
    const label = t(entry.labelKey);
    const common = {
      className: styles.item,
      title: collapsed ? label : undefined,
      'data-testid': `side-menu-item-${entry.key}`,
      onClick: onClose,
    };
    const content = (
      <>
        <span className={styles.itemIcon}>
          <Icon name={entry.icon} />
        </span>
        <span className={styles.itemLabel}>{label}</span>
      </>
    );
    return (
      <li key={entry.key}>
        {'to' in entry && entry.to.includes('?') ? (
          // A page of the member centre (?tab=): current only on that tab, not on all /member.
          <Link
            to={entry.to}
            {...common}
            aria-current={isCurrentWithQuery(entry.to) ? 'page' : undefined}
          >
            {content}
          </Link>
        ) : 'to' in entry ? (
          <NavLink to={entry.to} end={entry.end ?? false} {...common}>
            {content}
          </NavLink>
        ) : (
          <button
            type="button"
            className={styles.item}
            title={collapsed ? label : undefined}
            data-testid={`side-menu-item-${entry.key}`}
            onClick={() => runAction(entry.action)}
          >
            {content}
          </button>
        )}
      </li>
    );
  };

  const hidden = drawer && !open;
  return (
    <>
      {drawer && (
        <div className={styles.backdrop} data-open={open} onClick={onClose} aria-hidden="true" />
      )}
      <nav
        ref={panelRef}
        id="side-menu"
        className={styles.menu}
        data-testid="side-menu"
        data-collapsed={!drawer && collapsed}
        data-open={open}
        aria-label={t('menu.label')}
        inert={hidden}
      >
        <div className={styles.drawerHead}>
          {drawer && <BrandMark testId={false} />}
          <button
            type="button"
            className={headerStyles.iconButton}
            aria-label={t('common.close')}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className={styles.scroll}>
          <div className={styles.quick}>
            {groups.quick.map((entry) =>
              'to' in entry ? (
                <NavLink
                  key={entry.key}
                  to={entry.to}
                  end={entry.end ?? false}
                  className={styles.quickItem}
                  title={t(entry.labelKey)}
                  data-testid={`side-menu-item-${entry.key}`}
                  onClick={onClose}
                >
                  <Icon name={entry.icon} />
                  <span>{t(entry.labelKey)}</span>
                </NavLink>
              ) : null,
            )}
          </div>

          <h2 className={styles.groupTitle}>{t('menu.games')}</h2>
          <ul>
            {menus.isPending
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <li key={index} className={styles.skeleton} />
                ))
              : groups.games.map(renderItem)}
          </ul>

          <h2 className={styles.groupTitle}>{t('menu.account')}</h2>
          <ul>
            {(drawer ? [...groups.account, CHAT_ROOM_ENTRY] : groups.account).map(renderItem)}
          </ul>
          {(drawer || !collapsed) && (
            <div className={styles.banner}>
              <GroupBanners banners={banners.data?.list} />
            </div>
          )}
        </div>
      </nav>
    </>
  );
};
