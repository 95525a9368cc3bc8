import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useBootData } from '../boot-data';
import { BrandMark } from './brand-mark';
import { HeaderClock } from './header-clock';
import styles from './header.module.css';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';

type HeaderProps = { menuOpen: boolean; onToggleMenu: () => void };

/** Logo, clock, language, theme and the guest actions (spec section 2, Layout). */
export const Header = ({ menuOpen, onToggleMenu }: HeaderProps) => {
  const { t } = useTranslation();
  const { merchant } = useBootData();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.toggle}>
          <button
            type="button"
            className={styles.iconButton}
            data-testid="side-menu-toggle"
            aria-label={t('header.toggleMenu')}
            aria-controls="side-menu"
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
        <div className={styles.auth}>
          <Link to={paths.login} className="btn btn--secondary" data-testid="header-login">
            {t('header.login')}
          </Link>
          <Link to={paths.register} className="btn btn--primary" data-testid="header-register">
            {t('header.register')}
          </Link>
        </div>
      </div>
    </header>
  );
};
