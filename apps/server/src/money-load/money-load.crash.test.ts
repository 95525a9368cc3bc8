// The crash test of issue 4 (reliability checklist A6): the real server in its own process on
// PostgreSQL, the mixed money load of 50 clients over HTTP, and SIGKILL in the middle of it. A
// new process on the same database must then show every acknowledged operation (a 2xx the
// client received) exactly once, by the transfer its answer named; replaying every
// acknowledged request answers as before and moves nothing; each request that was in flight,
// sent again under its key, ends with exactly one effect or none; the ledger holds nothing
// but acknowledged effects, every wallet adds up, and the invariants hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_KEY } from '../testing/index.ts';
import { moneyApi } from '../testing/money/money-api.ts';
import type { Transport } from '../testing/money/transport.ts';
import { expectLedgerIsAcknowledged, openLoadServer, type LoadServer } from './load-server.ts';
import {
  lastTransferId,
  ledgerTransfersSince,
  newLoadRecord,
  prepareLoadWorld,
  recordAnswer,
  runLoad,
  type LoadRecord,
  type Sent,
} from './mixed-load.ts';

const CLIENTS = 50;
const OPERATIONS = 8_000;
/** Answers received before the kill: well into the load, with many requests still in flight. */
const KILL_AFTER_ANSWERS = 3_000;

const serverUrl = process.env.TEST_DATABASE_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends each request again, `CLIENTS` at a time, recording the answers in `record`. */
const sendAgain = async (record: LoadRecord, requests: readonly Sent[]) => {
  const queue = [...requests];
  const client = async () => {
    for (let sent = queue.pop(); sent; sent = queue.pop())
      recordAnswer(record, sent, await sent.send());
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
};

describe.runIf(Boolean(serverUrl))('money through a crash', () => {
  let load: LoadServer;

  beforeAll(async () => {
    load = await openLoadServer(serverUrl ?? '');
  });

  afterAll(async () => {
    await load.close();
  });

  it(
    'keeps what it acknowledged and resolves what was in flight after SIGKILL',
    { timeout: 300_000 },
    async () => {
      // The requests of the load keep their target across the restart: a new process, a new port.
      let current: Transport = load.connect(CLIENTS);
      const api = moneyApi((request) => current(request), { operatorKey: TEST_OPERATOR_KEY });
      const world = await prepareLoadWorld(load.db, api, 4);
      const before = await lastTransferId(load.db);
      const record = newLoadRecord();

      let killed = false;
      const running = runLoad(world, record, {
        clients: CLIENTS,
        operations: OPERATIONS,
        stop: () => killed,
      });
      while (record.answered < KILL_AFTER_ANSWERS) await sleep(5);
      await load.server().kill('SIGKILL');
      killed = true;
      await running;
      const acknowledged = new Map(record.effects);
      process.stdout.write(
        `crash: killed after ${record.answered} answers, ${acknowledged.size} acknowledged ` +
          `effects, ${record.unanswered.length} requests in flight\n`,
      );
      expect(record.unanswered.length).toBeGreaterThan(0);

      await load.restart();
      current = load.connect(CLIENTS);

      // Every acknowledged effect survived, by the transfer its answer named.
      const afterRestart = await ledgerTransfersSince(world, before);
      for (const effect of acknowledged.values()) {
        expect(afterRestart.has(effect.key), effect.key).toBe(true);
        if (effect.transferId !== null)
          expect(afterRestart.get(effect.key)).toBe(effect.transferId);
      }
      const lastBeforeReplays = await lastTransferId(load.db);

      // Acknowledged requests again: the same answers, nothing new in the ledger. A member's
      // refusal is not kept (the member may try again), so only its successes are replayed.
      await sendAgain(
        record,
        record.sent.filter((sent) => sent.first && (sent.byteForByte || sent.first.status === 200)),
      );
      expect(record.conflicts).toEqual([]);
      expect(await lastTransferId(load.db)).toBe(lastBeforeReplays);

      // The requests in flight, under their keys: each lands once or not at all, and the
      // ledger then holds exactly what was acknowledged, before the kill and after.
      await sendAgain(record, [...new Set(record.unanswered)]);
      await expectLedgerIsAcknowledged(world, record, before);
    },
  );
});
