import { prefetch } from '../lib/api/prefetch';

/*
 * The screens a visit most often starts on. Their chunks are requested by the entry, beside the
 * app chunk, instead of after the app chunk has loaded and the router has matched: the page then
 * renders once, whole, instead of the shell first and the screen a round trip later.
 */
export const screenLoaders = {
  home: () => import('./routes/home'),
  lobby: () => import('./routes/category-lobby'),
  member: () => import('./routes/member'),
};

/**
 * Starts loading the chunk of the screen at `pathname`, if it is one of those above, and the
 * requests for what that screen shows largest.
 */
export const preloadFirstScreen = (pathname: string): void => {
  for (const [name, screenPaths] of Object.entries(__SCREEN_PATHS__)) {
    if (!screenPaths.includes(pathname)) continue;
    const screen = name as keyof typeof screenLoaders;
    screenLoaders[screen]().catch(() => undefined);
    for (const request of __SCREEN_REQUESTS__[screen] ?? []) prefetch(request);
  }
};
