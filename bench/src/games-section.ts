import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchPostgres } from './bench-postgres.ts';
import { startLanna } from './lanna-server.ts';
import { measureAtRate } from './paced-load.ts';
import { freePort, runToEnd, startProcess, stopProcess, waitFor200 } from './processes.ts';
import { compareRates, detail, figure, skipped } from './report.ts';
import { measureLoad, type Throughput } from './throughput.ts';

const HOST = 'lanna.localhost';
/** A part of a name about one game in twenty carries, in two letter cases. */
const SEARCH_TERM = 'dRaGoN';

type Section = {
  repoRoot: string;
  postgres: BenchPostgres | { unavailable: string };
  bareUrl: string;
  seconds: number;
};

const startTrigramPeer = async (repoRoot: string, databaseUrl: string) => {
  const port = await freePort();
  const child = startProcess(
    [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'bench/src/trigram-search.ts'],
    { PORT: String(port), DATABASE_URL: databaseUrl },
    repoRoot,
  );
  const url = `http://127.0.0.1:${port}/search?q=${encodeURIComponent(SEARCH_TERM.toLowerCase())}`;
  await waitFor200(url, performance.now(), child);
  return { child, url };
};

const errorsOf = (...runs: Throughput[]) => runs.reduce((sum, run) => sum + run.errors, 0);

/**
 * Issue 5: name search and a filtered games list on a 20,000-game catalog under concurrent load,
 * against bare Fastify's hello-world, p99 at half the search's rate, and the same search as a
 * PostgreSQL trigram ILIKE (when the machine has PostgreSQL).
 */
export const gamesSection = async ({ repoRoot, postgres, bareUrl, seconds }: Section) => {
  const onPostgres = !('unavailable' in postgres);
  const dataDir = mkdtempSync(join(tmpdir(), 'lanna-bench-games-'));
  const prepared = await runToEnd(
    [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'bench/src/games-catalog.ts'],
    repoRoot,
    onPostgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir },
  );
  const games = Number(prepared.trim());
  const lanna = await startLanna(
    repoRoot,
    dataDir,
    onPostgres ? { databaseUrl: postgres.url } : {},
  );
  const trigram = onPostgres ? await startTrigramPeer(repoRoot, postgres.url) : null;
  try {
    const headers = { host: HOST };
    const searchUrl = `${lanna.baseUrl}/lgw/games/list?gameType=HOME&pageSize=24&gameName=${SEARCH_TERM}`;
    const listUrl = `${lanna.baseUrl}/lgw/games/list?gameType=RNG&vassalage=PG&isNew=0&pageNo=3&pageSize=40`;
    // The first call loads the catalog into the node's memory, as the first visitor would.
    await measureAtRate(searchUrl, { headers }, 10, 1);
    const search = await measureLoad(searchUrl, { headers }, seconds);
    const list = await measureLoad(listUrl, { headers }, seconds);
    const bare = await measureLoad(bareUrl, {}, seconds);
    const halfRate = Math.max(1, Math.floor(search.requestsPerSecond / 2));
    const half = await measureAtRate(searchUrl, { headers }, halfRate, seconds);
    const ilike = trigram ? await measureLoad(trigram.url, {}, seconds) : null;
    console.log(
      `\nGames on a ${games}-game catalog (${onPostgres ? 'PostgreSQL' : 'PGlite'}; ${seconds} s, 40 connections)`,
    );
    compareRates(
      'name search requests/s',
      search.requestsPerSecond,
      'bare Fastify requests/s',
      bare.requestsPerSecond,
      '>= 0.50',
    );
    compareRates(
      'filtered games list requests/s',
      list.requestsPerSecond,
      'bare Fastify requests/s',
      bare.requestsPerSecond,
      '>= 0.50',
    );
    figure(`search p99 at ${halfRate} req/s (ms)`, half.p99Ms.toFixed(2), '<= 5 ms');
    if (ilike) {
      compareRates(
        'name search requests/s',
        search.requestsPerSecond,
        'PostgreSQL trigram ILIKE',
        ilike.requestsPerSecond,
        '>= 5.00',
      );
      detail(
        `trigram ILIKE at full load: p50 ${ilike.p50Ms.toFixed(1)} ms, p99 ${ilike.p99Ms.toFixed(1)} ms`,
      );
    } else {
      skipped('PostgreSQL trigram ILIKE', 'unavailable' in postgres ? postgres.unavailable : '');
    }
    detail(
      `at full load: search p99 ${search.p99Ms.toFixed(1)} ms, list p99 ${list.p99Ms.toFixed(1)} ms, bare Fastify p99 ${bare.p99Ms.toFixed(1)} ms`,
    );
    const errors = errorsOf(search, list, bare, half, ...(ilike ? [ilike] : []));
    if (errors > 0) detail(`errors or non-2xx: ${errors}`);
  } finally {
    await stopProcess(lanna.child);
    if (trigram) await stopProcess(trigram.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
};
