import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AGENT_TABS, agentTabPath, type AgentTab } from '@/config/paths';
import centre from './centre.module.css';
import styles from './agent-home.module.css';

/**
 * The merchant's switches for the agent menu (spec section 2: dividend record only if enabled,
 * daily wages only if salary is enabled).
 */
export type AgentMenuFlags = { dividendsEnabled: boolean; salaryEnabled: boolean };

/**
 * The one place the agent menu's optional entries are decided, from the merchant's white-label
 * flags (AGENTDIV3, AGENTSAL3) as the agent centre reads them.
 */
export const agentMenuEntries = ({
  dividendsEnabled = true,
  salaryEnabled = true,
}: Partial<AgentMenuFlags> = {}): AgentTab[] =>
  AGENT_TABS.filter(
    (tab) =>
      (tab !== 'dividendRecord' || dividendsEnabled) && (tab !== 'dailyWages' || salaryEnabled),
  );

type AgentMenuProps = { entries: readonly AgentTab[]; current: AgentTab };

/**
 * The agent centre's menu: a column of links on a wide screen, a strip that scrolls sideways on
 * a phone, the current page marked for assistive technology and kept in view in the strip.
 */
export const AgentMenu = ({ entries, current }: AgentMenuProps) => {
  const { t } = useTranslation();
  const navRef = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    // Only the strip scrolls, never the page: on a wide screen there is nothing to scroll.
    const nav = navRef.current;
    const link = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !link || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = link.offsetLeft - (nav.clientWidth - link.offsetWidth) / 2;
  }, [current]);

  return (
    <nav
      ref={navRef}
      className={`${centre.nav} ${styles.nav}`}
      aria-label={t('agentCentre.menuLabel')}
      data-testid="agent-menu"
    >
      <p className={centre.navTitle}>{t('pages.agentHome')}</p>
      <ul className={centre.navList}>
        {entries.map((entry) => (
          <li key={entry}>
            <Link
              to={agentTabPath(entry)}
              className={centre.navLink}
              aria-current={entry === current ? 'page' : undefined}
              data-testid={`agent-tab-${entry}`}
            >
              {t(`agentCentre.menu.${entry}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
};
