import { useSyncExternalStore } from 'react';

/**
 * Dark or light, as a data attribute on <html> that the CSS custom properties follow. index.html
 * applies the stored choice before the first paint; this module changes and persists it.
 */
export type Theme = 'dark' | 'light';
export const THEME_STORAGE_KEY = 'theme';

const listeners = new Set<() => void>();

export const currentTheme = (): Theme =>
  document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';

export const applyTheme = (theme: Theme): void => {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted; the theme still applies to this page.
  }
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useTheme = (): [Theme, (theme: Theme) => void] => [
  useSyncExternalStore(subscribe, currentTheme, () => 'dark' as const),
  applyTheme,
];
