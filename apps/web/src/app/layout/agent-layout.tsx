import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import styles from './agent-layout.module.css';
import { BrandMark } from './brand-mark';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';

/** The agent area: no side menu, header or footer (spec section 2, Routes). */
export const AgentLayout = () => {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <div className={styles.corner}>
        <BrandMark />
        <span className={styles.tools}>
          <LanguageSelect />
          <ThemeToggle />
        </span>
      </div>
      <main id="main" className={styles.content}>
        <Suspense fallback={<Spinner label={t('common.loading')} centred />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
};
