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

/** Starts loading the chunk of the screen at `pathname`, if it is one of those above. */
export const preloadFirstScreen = (pathname: string): void => {
  for (const [screen, screenPaths] of Object.entries(__SCREEN_PATHS__)) {
    if (screenPaths.includes(pathname)) {
      screenLoaders[screen as keyof typeof screenLoaders]().catch(() => undefined);
    }
  }
};
