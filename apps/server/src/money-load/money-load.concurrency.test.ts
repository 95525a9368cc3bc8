// The concurrency acceptance test of issue 4 (reliability checklist A1, A2, A4, A7): the real
// server in its own process on PostgreSQL, 50 clients over keep-alive HTTP doing 20,000 mixed
// money operations on a few hot accounts (bets, wins, rollbacks, wallet transfers, transfers to
// the upline, adjustments, deposits and their approval, withdrawals and their payout, replays
// of answered keys and twin requests under one key). Afterwards: no 5xx, no key answered two
// ways, the ledger holds exactly one transfer per acknowledged effect and nothing else, every
// wallet is what the acknowledged effects add up to, and the invariants hold. PGlite is one
// connection where nothing runs at once, so this file runs only when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_KEY } from '../testing/index.ts';
import { moneyApi } from '../testing/money/money-api.ts';
import { expectLedgerIsAcknowledged, openLoadServer, type LoadServer } from './load-server.ts';
import { lastTransferId, newLoadRecord, prepareLoadWorld, runLoad } from './mixed-load.ts';

const CLIENTS = 50;
const OPERATIONS = 20_000;
const HOT_MEMBERS = 4;

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(serverUrl))('money under concurrent load', () => {
  let load: LoadServer;

  beforeAll(async () => {
    load = await openLoadServer(serverUrl ?? '');
  });

  afterAll(async () => {
    await load.close();
  });

  it(
    'applies each acknowledged operation exactly once and keeps every balance',
    { timeout: 300_000 },
    async () => {
      const api = moneyApi(load.connect(CLIENTS), { operatorKey: TEST_OPERATOR_KEY });
      const world = await prepareLoadWorld(load.db, api, HOT_MEMBERS);
      const before = await lastTransferId(load.db);
      const record = newLoadRecord();
      const started = Date.now();
      await runLoad(world, record, { clients: CLIENTS, operations: OPERATIONS });
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(
        `money load: ${record.requests} requests from ${CLIENTS} clients in ` +
          `${seconds.toFixed(1)} s, ${record.effects.size} ledger effects\n`,
      );
      expect(record.requests).toBeGreaterThanOrEqual(OPERATIONS);
      expect(record.unanswered.length).toBe(0);
      await expectLedgerIsAcknowledged(world, record, before);
    },
  );
});
