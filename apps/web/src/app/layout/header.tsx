import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { lazyNamed } from '@/lib/lazy-named';
import { useBootData } from '../boot-data';
import { BrandMark } from './brand-mark';
import { HeaderClock } from './header-clock';
import styles from './header.module.css';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';

// Only members need the account menu: guests, the home lobby's first visitors, never load it.
const AccountMenu = lazyNamed(
  () => import('@/features/auth/components/account-menu'),
  'AccountMenu',
);

const HeaderBalance = lazyNamed(
  () => import('@/features/wallet/components/header-balance'),
  'HeaderBalance',
);

// The unread count is a member's: loaded with the account menu, never for guests.
const UnreadBadge = lazyNamed(
  () => import('@/features/messages/components/unread-badge'),
  'UnreadBadge',
);

/** `menuId` is the side menu's id, absent on the pages without one (game pages). */
type HeaderProps = { menuOpen: boolean; onToggleMenu: () => void; menuId?: string };

/** Guests log in or register (spec section 2, Layout). */
const GuestActions = () => {
  const { t } = useTranslation();
  return (
    <>
      <Link to={paths.login} className="btn btn--secondary" data-testid="header-login">
        {t('header.login')}
      </Link>
      <Link to={paths.register} className="btn btn--primary" data-testid="header-register">
        {t('header.register')}
      </Link>
    </>
  );
};

/** Logo, clock, language, theme, and the guest or member actions (spec section 2, Layout). */
export const Header = ({ menuOpen, onToggleMenu, menuId }: HeaderProps) => {
  const { t } = useTranslation();
  const { merchant } = useBootData();
  const auth = useAuth();
  // A stored session is loading its member: hold the place rather than flash the guest buttons.
  const pending = (
    <span className={styles.accountPending} aria-busy="true" data-testid="header-account-pending" />
  );
  const account =
    auth.isLogin && auth.token && auth.member ? (
      <Suspense fallback={pending}>
        <AccountMenu
          token={auth.token}
          member={auth.member}
          isAgent={auth.isAgent}
          timeZone={merchant.timeZone}
          balance={<HeaderBalance token={auth.token} playMoney={auth.isTrial} />}
          // A trial skips the unread-message fetch (spec section 6).
          messagesBadge={
            auth.isTrial ? undefined : (
              <Suspense fallback={null}>
                <UnreadBadge token={auth.token} testId="header-unread-badge" />
              </Suspense>
            )
          }
          avatarBadge={
            auth.isTrial ? undefined : (
              <Suspense fallback={null}>
                <UnreadBadge token={auth.token} testId="header-avatar-unread-badge" />
              </Suspense>
            )
          }
        />
      </Suspense>
    ) : auth.isPending ? (
      pending
    ) : (
      <GuestActions />
    );
  return (
    <header className={styles.header} data-member={auth.isLogin}>
      <div className={styles.bar}>
        <div className={styles.toggle}>
          <button
            type="button"
            className={styles.iconButton}
            data-testid="side-menu-toggle"
            aria-label={t('header.toggleMenu')}
            aria-controls={menuId}
            aria-expanded={menuOpen}
            onClick={onToggleMenu}
          >
            <Icon name="menu" />
          </button>
        </div>
        <div className={styles.brand}>
          <BrandMark />
        </div>
        <div className={styles.clockSlot}>
          <HeaderClock timeZone={merchant.timeZone} />
        </div>
        <div className={styles.tools}>
          <LanguageSelect />
          <ThemeToggle />
          <Link
            to={paths.down}
            className={`btn btn--ghost ${styles.download}`}
            data-testid="header-download"
            aria-label={t('header.appDownload')}
          >
            <Icon name="smartphone" size={18} />
            <span className={styles.downloadLabel}>{t('header.appDownload')}</span>
          </Link>
        </div>
        <div className={styles.auth}>{account}</div>
      </div>
    </header>
  );
};
