import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { checkLedgerInvariants } from '../modules/ledger/index.ts';
import { httpTransport, type HttpTransport } from '../testing/money/transport.ts';
import {
  actualWallets,
  expectedWallets,
  ledgerTransfersSince,
  type LoadRecord,
  type LoadWorld,
} from './mixed-load.ts';
import { createServerDatabase, startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * What the load tests share: a server process on a database of its own, the test's own
 * connection to that database, HTTP transports to the server (a new one after a restart), and
 * the final check that the ledger is exactly what the answers acknowledged.
 */
export type LoadServer = {
  db: Db;
  server: () => ServerProcess;
  /** Keep-alive HTTP to the server now running, `connections` sockets at most. */
  connect: (connections: number) => HttpTransport;
  /** A new server process on the same database (after a kill). */
  restart: () => Promise<void>;
  close: () => Promise<void>;
};

export const openLoadServer = async (serverUrl: string): Promise<LoadServer> => {
  const database = await createServerDatabase(serverUrl);
  let server = await startServerProcess(database.url);
  const db = await database.open();
  const transports: HttpTransport[] = [];
  return {
    db,
    server: () => server,
    connect: (connections) => {
      const transport = httpTransport(server.baseUrl, { connections, timeoutMs: 60_000 });
      transports.push(transport);
      return transport;
    },
    restart: async () => {
      server = await startServerProcess(database.url);
    },
    close: async () => {
      for (const transport of transports) transport.close();
      await server.kill('SIGTERM');
      await db.close();
      await database.drop();
    },
  };
};

/**
 * The ledger holds exactly the acknowledged effects, each once and by the very transfer its
 * answer named, every hot wallet is what they add up to, and the invariants hold.
 */
export const expectLedgerIsAcknowledged = async (
  world: LoadWorld,
  record: LoadRecord,
  before: number,
): Promise<void> => {
  expect(record.serverErrors).toEqual([]);
  expect(record.conflicts).toEqual([]);
  const ledger = await ledgerTransfersSince(world, before);
  expect([...ledger.keys()].sort()).toEqual([...record.effects.keys()].sort());
  for (const effect of record.effects.values())
    if (effect.transferId !== null) expect(ledger.get(effect.key)).toBe(effect.transferId);
  expect(await actualWallets(world)).toEqual(expectedWallets(world, record.effects.values()));
  expect((await checkLedgerInvariants(world.db)).violations).toEqual([]);
};
