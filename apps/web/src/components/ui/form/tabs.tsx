import { useId, type KeyboardEvent } from 'react';
import styles from './form.module.css';

export type TabItem<T extends string> = { id: T; label: string; testId?: string };

type TabsProps<T extends string> = {
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
};

/** The id a tab panel carries, so the tab and its panel name each other. */
export const tabPanelId = (base: string, id: string) => `${base}-panel-${id}`;
export const tabButtonId = (base: string, id: string) => `${base}-tab-${id}`;

/**
 * A tab list (WAI-ARIA tabs pattern: arrows move between tabs). The caller renders the panel
 * with `role="tabpanel"` and the ids from `useTabsBase`.
 */
export const Tabs = <T extends string>({
  label,
  tabs,
  value,
  onChange,
  base,
}: TabsProps<T> & { base: string }) => {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = tabs.findIndex((tab) => tab.id === value);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.id);
    document.getElementById(tabButtonId(base, next.id))?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          id={tabButtonId(base, tab.id)}
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={tab.id === value}
          aria-controls={tabPanelId(base, tab.id)}
          tabIndex={tab.id === value ? 0 : -1}
          data-testid={tab.testId}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
};

/** A stable base for tab and panel ids (useId's colons removed, so it is a plain id). */
export const useTabsBase = (): string => useId().replace(/[^A-Za-z0-9_-]/g, '');
