import type { FastifyInstance } from 'fastify';
import { ensureVendorCredentials, vendorWalletConfigOf } from '../modules/vendor-wallet/index.ts';
import { buildTestApp, openTestDb, type TestDb } from './index.ts';

export type ListeningPlatform = {
  app: FastifyInstance;
  testDb: TestDb;
  /** http://127.0.0.1:<port>, where vendors (the house vendor) call the wallet API. */
  url: string;
  close: () => Promise<void>;
};

/**
 * The real platform on a fresh test database, listening on a free loopback port with the
 * vendors' credentials in place as main.ts makes them, for a vendor process to call over HTTP.
 */
export const openListeningPlatform = async (
  env: Record<string, string> = {},
): Promise<ListeningPlatform> => {
  const testDb = await openTestDb();
  const app = await buildTestApp(testDb.db, { env });
  await ensureVendorCredentials(testDb.db, vendorWalletConfigOf(app.config), app.clock());
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    testDb,
    url,
    close: async () => {
      await app.close();
      await testDb.close();
    },
  };
};
