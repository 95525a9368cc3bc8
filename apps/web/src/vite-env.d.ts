/// <reference types="vite/client" />

/** Paths of the boot requests, taken from the contract at build time (see vite.config.ts). */
declare const __BOOT_REQUESTS__: readonly string[];
/** The paths that open each screen of `app/first-screen.ts`, from the route table's paths. */
declare const __SCREEN_PATHS__: Readonly<Record<'home' | 'lobby' | 'member', readonly string[]>>;
/** The requests the entry starts for a first screen's largest paint (see vite.config.ts). */
declare const __SCREEN_REQUESTS__: Readonly<
  Partial<Record<'home' | 'lobby' | 'member', readonly string[]>>
>;
