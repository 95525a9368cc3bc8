/// <reference types="vite/client" />

/** Paths of the boot requests, taken from the contract at build time (see vite.config.ts). */
declare const __BOOT_REQUESTS__: readonly string[];
