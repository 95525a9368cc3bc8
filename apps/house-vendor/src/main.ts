// The house vendor process: config -> its own store -> schema -> resume interrupted rounds -> HTTP.
import { buildVendorApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openStore, storeTargetOf } from './db.ts';
import { paytableFor } from './games/slot.ts';
import { resumeRounds } from './rounds/rounds.ts';
import { createSchema } from './schema.ts';
import { createWalletClient } from './wallet/wallet-client.ts';
import { buildWebAssets } from './web/pages.ts';

// Rounds younger than this may still be in play in this process; older ones were left behind.
const RESUME_AFTER_MS = 60_000;
const RESUME_EVERY_MS = 30_000;

const start = async () => {
  const config = loadConfig();
  const store = await openStore(storeTargetOf(config));
  await createSchema(store);
  const wallet = createWalletClient({
    baseUrl: config.PLATFORM_URL,
    secret: config.HOUSE_VENDOR_SECRET,
    timeoutMs: config.WALLET_TIMEOUT_MS,
  });
  const rules = { slotPaytable: paytableFor(config.SLOT_RTP_BPS), diceRtpBps: config.DICE_RTP_BPS };
  const now = () => new Date();
  const app = await buildVendorApp({
    config,
    store,
    wallet,
    rules,
    assets: await buildWebAssets(),
    now,
  });
  await app.listen({ port: config.HOUSE_VENDOR_PORT, host: config.HOST });
  // Everything unfinished at start was left by a previous process: finish it all now.
  const deps = { store, wallet, rules, now };
  const resumed = await resumeRounds(deps, 0);
  app.log.info(resumed, 'rounds left by the previous run resumed');
  const timer = setInterval(() => {
    void resumeRounds(deps, RESUME_AFTER_MS).catch((error: unknown) => app.log.error(error));
  }, RESUME_EVERY_MS);
  const stop = () => {
    clearInterval(timer);
    void app
      .close()
      .then(() => store.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
