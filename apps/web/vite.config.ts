import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import {
  CATEGORY_ROUTES,
  findBanners,
  getGameMenus,
  getMerchant,
  getPermission,
  getSystemStatus,
} from '@lanna/contract';
import { compressAssets } from './build/compress-assets.ts';
import { HOME_ALIASES, paths } from './src/config/paths.ts';

const API_PREFIXES = [
  '/wps',
  '/lgw',
  '/ops',
  '/docs',
  '/media',
  '/healthz',
  '/sandbox-gateway',
  '/local-oidc',
];
/** Where the dev server and preview forward API calls; override to point at another server. */
const API_ORIGIN = process.env.LANNA_API_ORIGIN ?? 'http://localhost:3000';

/**
 * The boot requests the entry starts before the app chunk arrives (status first, spec section 4).
 * Taken from the contract at build time so the entry never imports zod.
 */
const BOOT_REQUESTS = [getSystemStatus, getMerchant, getPermission, getGameMenus].map(
  (endpoint) => endpoint.path,
);

/** The paths that open the screens whose chunks the entry requests at once (app/first-screen.ts). */
const SCREEN_PATHS = {
  home: [paths.home, ...HOME_ALIASES, paths.login, paths.register],
  lobby: Object.values(CATEGORY_ROUTES),
  member: [paths.member],
};

/**
 * The requests a first screen makes for what it shows largest (home's banner, its largest
 * contentful paint), started by the entry beside the screen's chunk. Each is the address the
 * api client builds for the same call, so the client takes the early answer.
 */
const SCREEN_REQUESTS = {
  home: [`${findBanners.path}?${new URLSearchParams({ groupName: 'w_home' }).toString()}`],
};

export default defineConfig({
  plugins: [react(), compressAssets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: {
    __BOOT_REQUESTS__: JSON.stringify(BOOT_REQUESTS),
    __SCREEN_PATHS__: JSON.stringify(SCREEN_PATHS),
    __SCREEN_REQUESTS__: JSON.stringify(SCREEN_REQUESTS),
  },
  server: {
    proxy: Object.fromEntries(
      API_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: false, ws: true }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      API_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: false, ws: true }]),
    ),
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
