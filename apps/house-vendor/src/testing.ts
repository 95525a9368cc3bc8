import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildVendorApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openStore, type Store } from './db.ts';
import { paytableFor } from './games/slot.ts';
import type { RoundDeps } from './rounds/rounds.ts';
import { createSchema } from './schema.ts';
import { createWalletClient } from './wallet/wallet-client.ts';
import type { WebAssets } from './web/pages.ts';

/** The house vendor on a store in a temporary directory, reopenable as after a restart. */
export type VendorUnderTest = {
  app: FastifyInstance;
  store: Store;
  deps: RoundDeps;
  url: string;
  dataDir: string;
};

const NO_ASSETS: WebAssets = { files: new Map() };

/** Where test-global-setup.ts leaves the data directory every `tempDataDir` starts from. */
export const DATA_TEMPLATE_ENV = 'HOUSE_VENDOR_TEST_DATA_TEMPLATE';

/**
 * A new data directory for one vendor: a copy of the run's template (a fresh cluster with the
 * schema, as a first start leaves it) under Vitest, else empty for the vendor to create.
 */
export const tempDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'house-vendor-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
};
export const removeDataDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

export const startVendor = async (options: {
  platformUrl: string;
  dataDir: string;
  fetch?: typeof fetch;
}): Promise<VendorUnderTest> => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: options.dataDir,
    PLATFORM_URL: options.platformUrl,
  });
  const store = await openStore({ kind: 'pglite', dataDir: join(options.dataDir, 'house-vendor') });
  await createSchema(store);
  const wallet = createWalletClient({
    baseUrl: config.PLATFORM_URL,
    secret: config.HOUSE_VENDOR_SECRET,
    timeoutMs: config.WALLET_TIMEOUT_MS,
    retryDelaysMs: [20, 50],
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const rules = { slotPaytable: paytableFor(config.SLOT_RTP_BPS), diceRtpBps: config.DICE_RTP_BPS };
  const now = () => new Date();
  const app = await buildVendorApp({ config, store, wallet, rules, assets: NO_ASSETS, now });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, store, deps: { store, wallet, rules, now }, url, dataDir: options.dataDir };
};

export const stopVendor = async (vendor: VendorUnderTest) => {
  await vendor.app.close();
  await vendor.store.close();
};
