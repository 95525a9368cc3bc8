import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchPostgres } from './bench-postgres.ts';
import { runToEnd, stopProcess } from '@lanna/server/testing';
import { startLanna } from './lanna-server.ts';
import { measureAtRate } from './paced-load.ts';
import { startPeer } from './peer-process.ts';
import { compareRates, detail, figure, skipped } from './report.ts';
import { measureLoad, type Throughput } from './throughput.ts';

const HOST = 'lanna.localhost';
/** What Chromium sends: the games lists answer in brotli, as to any browser. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** A part of a name about one game in twenty carries, in two letter cases. */
const SEARCH_TERM = 'dRaGoN';

/** Words of the demo catalog's names, for searches the server has not answered before. */
const NAME_WORDS = [
  'dragon',
  'golden',
  'lucky',
  'royal',
  'fortune',
  'diamond',
  'phoenix',
  'tiger',
  'mystic',
  'thunder',
  'crystal',
  'emerald',
  'silver',
  'moonlight',
  'ancient',
  'treasures',
  'empire',
  'temple',
  'riches',
  'panda',
  'queen',
  'pharaoh',
  'safari',
  'bonanza',
];

/**
 * A search nobody asked this run, nearly always: a random part (three letters or more) of a
 * name word in a random letter case, a random page size and page. Each is answered from the
 * name index, not from the catalog's memo of answers.
 */
const freshSearchPath = (): string => {
  const word = NAME_WORDS[randomInt(NAME_WORDS.length)] ?? 'dragon';
  const start = randomInt(word.length - 2);
  const part = word
    .slice(start, start + 3 + randomInt(word.length - start - 2))
    .replace(/[a-z]/g, (letter) => (randomInt(2) === 0 ? letter.toUpperCase() : letter));
  return `/lgw/games/list?gameType=HOME&pageSize=${10 + randomInt(91)}&pageNo=${1 + randomInt(3)}&gameName=${part}`;
};

type Section = {
  repoRoot: string;
  postgres: BenchPostgres | { unavailable: string };
  bareUrl: string;
  seconds: number;
};

const startTrigramPeer = (repoRoot: string, databaseUrl: string) =>
  startPeer(
    repoRoot,
    'bench/src/trigram-search.ts',
    { DATABASE_URL: databaseUrl },
    `/search?q=${encodeURIComponent(SEARCH_TERM.toLowerCase())}`,
  );

/** The runs that had errors or non-2xx answers, by name: which load went wrong, not only how much. */
const errorsOf = (runs: Record<string, Throughput | null>): string =>
  Object.entries(runs)
    .filter(([, run]) => run !== null && run.errors > 0)
    .map(([name, run]) => `${name} ${run?.errors}`)
    .join(', ');

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
    const headers = { host: HOST, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const bareHeaders = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const searchUrl = `${lanna.baseUrl}/lgw/games/list?gameType=HOME&pageSize=24&gameName=${SEARCH_TERM}`;
    const listUrl = `${lanna.baseUrl}/lgw/games/list?gameType=RNG&vassalage=PG&isNew=0&pageNo=3&pageSize=40`;
    // The first call loads the catalog into the node's memory, as the first visitor would; a
    // short load then lets the JIT compile the paths under test, as any server's peer had.
    await measureAtRate(searchUrl, { headers }, 10, 1);
    await measureLoad(searchUrl, { headers }, 2);
    await measureLoad(listUrl, { headers }, 2);
    const search = await measureLoad(searchUrl, { headers }, seconds);
    const list = await measureLoad(listUrl, { headers }, seconds);
    const fresh = await measureLoad(searchUrl, { headers, nextPath: freshSearchPath }, seconds);
    const bare = await measureLoad(bareUrl, { headers: bareHeaders }, seconds);
    const halfRate = Math.max(1, Math.floor(search.requestsPerSecond / 2));
    const half = await measureAtRate(searchUrl, { headers }, halfRate, seconds);
    // What this machine does to any server at that rate: the floor under our p99.
    const bareHalf = await measureAtRate(bareUrl, { headers: bareHeaders }, halfRate, seconds);
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
    detail(
      `at that rate: search p50 ${half.p50Ms.toFixed(2)} ms; bare Fastify at the same rate p50 ${bareHalf.p50Ms.toFixed(2)} ms, p99 ${bareHalf.p99Ms.toFixed(2)} ms`,
    );
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
    detail(
      `searches new to the server (a random part of a name word, page size and page each time): ${Math.round(fresh.requestsPerSecond)} req/s, ${(fresh.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}x bare Fastify, p99 ${fresh.p99Ms.toFixed(1)} ms`,
    );
    const errors = errorsOf({
      search,
      list,
      'new searches': fresh,
      'bare Fastify': bare,
      'search at half rate': half,
      'bare Fastify at half rate': bareHalf,
      'trigram ILIKE': ilike,
    });
    if (errors !== '') detail(`errors or non-2xx: ${errors}`);
  } finally {
    await stopProcess(lanna.child);
    if (trigram) await stopProcess(trigram.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
};
