import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useTheme } from '@/lib/theme';
import styles from './header.module.css';

export const ThemeToggle = () => {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = t(next === 'light' ? 'header.themeLight' : 'header.themeDark');
  return (
    <button
      type="button"
      className={styles.iconButton}
      data-testid="theme-toggle"
      data-theme-current={theme}
      aria-label={label}
      title={label}
      onClick={() => setTheme(next)}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
};
