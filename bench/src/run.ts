// `npm run bench`: each figure beside its peer measured in the same run on the same machine,
// with the ratio and its goal (decision 011). Figures only: nothing here passes or fails.
// BENCH_ONLY=bundle,lighthouse,cold-start,status,ledger,balance,vendor,games,slot,realtime,
// reconciliation,records,agents
// runs some sections alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { agentsSection } from './agents-section.ts';
import { balanceSection } from './balance-section.ts';
import { openBenchPostgres, settleBenchDatabase } from './bench-postgres.ts';
import { firstPaintJsGzipBytes } from './first-paint-js.ts';
import { gamesSection } from './games-section.ts';
import { homeRenderJsGzipBytes, lobbyRenderJsGzipBytes } from './home-render-js.ts';
import { runToEnd, stopProcess } from '@lanna/server/testing';
import { startLanna as startServer } from './lanna-server.ts';
import { ledgerSection } from './ledger-section.ts';
import { lighthouseSection } from './lighthouse-section.ts';
import { startPeer } from './peer-process.ts';
import { realtimeSection } from './realtime-section.ts';
import { reconciliationSection } from './reconciliation-section.ts';
import { recordsSection } from './records-section.ts';
import { buildReactTemplate } from './react-template.ts';
import { compareRates, line, ratio } from './report.ts';
import { slotSection } from './slot-section.ts';
import { measureThroughput } from './throughput.ts';
import { vendorSection } from './vendor-section.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const startLanna = (dataDir: string) => startServer(repoRoot, dataDir);

const startBareFastify = () => startPeer(repoRoot, 'bench/src/bare-fastify.ts');

// Run as the server is, Node stripping the types: no loader in either figure.
const bareBoot = async (dir: string) =>
  Number(await runToEnd(['bench/src/bare-pglite.ts'], repoRoot, { PGLITE_DIR: dir }));

const printColdStart = (
  freshMs: number,
  bareFreshMs: number,
  existingMs: number,
  bareExistingMs: number,
) => {
  console.log('\nCold start: spawn to the first /healthz answer against a bare PGlite open (ms)');
  const startLine = (label: string, serverMs: number, bareLabel: string, bareMs: number) =>
    line(
      label,
      serverMs.toFixed(0),
      bareLabel,
      bareMs.toFixed(0),
      ratio(serverMs, bareMs),
      `<= boot + 1000 ms: ${(serverMs - bareMs).toFixed(0)} ms after the boot`,
    );
  startLine('server, fresh data dir', freshMs, 'bare PGlite boot, fresh', bareFreshMs);
  startLine('server, existing data dir', existingMs, 'bare PGlite, same dir', bareExistingMs);
};

const coldStart = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanna-bench-'));
  const freshDir = mkdtempSync(join(tmpdir(), 'pglite-bench-'));
  try {
    const fresh = await startLanna(dataDir);
    await stopProcess(fresh.child);
    const existing = await startLanna(dataDir);
    await stopProcess(existing.child);
    const bareFresh = await bareBoot(freshDir);
    // The very directory the server just opened, with all of Lanna's tables in it.
    const bareExisting = await bareBoot(join(dataDir, 'pglite'));
    printColdStart(fresh.readyMs, bareFresh, existing.readyMs, bareExisting);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(freshDir, { recursive: true, force: true });
  }
};

const throughput = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanna-bench-'));
  const lanna = await startLanna(dataDir);
  const bare = await startBareFastify();
  const ours = await measureThroughput(
    `http://127.0.0.1:${lanna.port}/wps/system/status`,
    { host: 'lanna.localhost' },
    seconds,
  );
  const peer = await measureThroughput(bare.url, {}, seconds);
  await stopProcess(lanna.child);
  await stopProcess(bare.child);
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `\nGET /wps/system/status vs bare Fastify hello-world (${seconds} s, 40 connections)`,
  );
  compareRates(
    'requests/s',
    ours.requestsPerSecond,
    'bare Fastify requests/s',
    peer.requestsPerSecond,
    '>= 0.70',
  );
  line(
    'p99 latency (ms)',
    ours.p99Ms.toFixed(1),
    'bare Fastify p99 (ms)',
    peer.p99Ms.toFixed(1),
    ratio(ours.p99Ms, peer.p99Ms),
    'lower is better',
  );
  if (ours.errors + peer.errors > 0)
    console.log(`errors or non-2xx: ours ${ours.errors}, bare ${peer.errors}`);
};

const bundle = async () => {
  const dist = join(repoRoot, 'apps/web/dist');
  const ours = firstPaintJsGzipBytes(dist);
  const template = firstPaintJsGzipBytes(await buildReactTemplate(repoRoot));
  const dataDir = mkdtempSync(join(tmpdir(), 'lanna-bench-'));
  const lanna = await startLanna(dataDir);
  const rendered = await homeRenderJsGzipBytes(`http://127.0.0.1:${lanna.port}/`, dist);
  const lobby = await lobbyRenderJsGzipBytes(`http://127.0.0.1:${lanna.port}/`, dist);
  await stopProcess(lanna.child);
  rmSync(dataDir, { recursive: true, force: true });
  console.log('\nJS loaded before first paint on the home route (gzip -9 bytes)');
  line(
    'Lanna home route',
    String(ours.bytes),
    'bare React 19 + Vite',
    String(template.bytes),
    ratio(ours.bytes, template.bytes),
    '<= 1.40',
  );
  console.log(`  files: ${ours.files.join(', ')}`);
  line(
    'Lanna home rendered (all JS run)',
    String(rendered.bytes),
    'bare React 19 + Vite',
    String(template.bytes),
    ratio(rendered.bytes, template.bytes),
    'information: shell, home and language chunks load after first paint',
  );
  console.log(`  files: ${rendered.files.join(', ')}`);
  line(
    'Lanna RNG lobby rendered (all JS run)',
    String(lobby.bytes),
    'bare React 19 + Vite',
    String(template.bytes),
    ratio(lobby.bytes, template.bytes),
    'information: what a category lobby loads, first paint to its games',
  );
  console.log(`  files: ${lobby.files.join(', ')}`);
};

/** The ledger, the balance read and the vendor wallet API, on PostgreSQL when there is one. */
const money = async (sections: (name: string) => boolean) => {
  const postgres = await openBenchPostgres();
  try {
    if (sections('ledger')) await ledgerSection(repoRoot, postgres, seconds);
    if (!sections('balance') && !sections('vendor')) return;
    const onPostgres = !('unavailable' in postgres);
    if (onPostgres) await settleBenchDatabase(postgres.url);
    const dataDir = mkdtempSync(join(tmpdir(), 'lanna-bench-'));
    const lanna = await startServer(repoRoot, dataDir, {
      ...(onPostgres ? { databaseUrl: postgres.url } : {}),
      env: { HOUSE_VENDOR_SECRET: BENCH_HOUSE_SECRET },
    });
    const bare = await startBareFastify();
    try {
      const database = onPostgres ? 'PostgreSQL' : 'PGlite';
      if (sections('balance')) await balanceSection(lanna.baseUrl, bare.url, database, seconds);
      if (sections('vendor'))
        await vendorSection({
          lannaUrl: lanna.baseUrl,
          serverPid: lanna.child.pid,
          bareUrl: bare.url,
          postgres,
          seconds,
          houseSecret: BENCH_HOUSE_SECRET,
        });
    } finally {
      await stopProcess(lanna.child);
      await stopProcess(bare.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    if (!('unavailable' in postgres)) await postgres.drop();
  }
};

/** Name search and the filtered games list on a 20,000-game catalog. */
const games = async () => {
  const postgres = await openBenchPostgres();
  const bare = await startBareFastify();
  try {
    await gamesSection({ repoRoot, postgres, bareUrl: bare.url, seconds });
  } finally {
    await stopProcess(bare.child);
    if (!('unavailable' in postgres)) await postgres.drop();
  }
};

/** The realtime gateway at 5,000 sockets against a bare `ws` server. */
const realtime = async () => {
  const postgres = await openBenchPostgres();
  const onPostgres = !('unavailable' in postgres);
  const dataDir = mkdtempSync(join(tmpdir(), 'lanna-bench-'));
  const operatorKey = `bench-operator-key-${Date.now()}`;
  const lanna = await startServer(repoRoot, dataDir, {
    ...(onPostgres ? { databaseUrl: postgres.url } : {}),
    env: { OPERATOR_API_KEY: operatorKey },
  });
  const bare = await startPeer(repoRoot, 'bench/src/bare-ws.ts');
  try {
    await realtimeSection({
      database: onPostgres ? 'PostgreSQL' : 'PGlite',
      lannaUrl: lanna.baseUrl,
      lannaChild: lanna.child,
      bareUrl: bare.baseUrl,
      operatorKey,
    });
  } finally {
    await stopProcess(lanna.child);
    await stopProcess(bare.child);
    rmSync(dataDir, { recursive: true, force: true });
    if (onPostgres) await postgres.drop();
  }
};

/** The incremental reconciliation against the full check on a 1,000,000-entry ledger. */
const reconciliation = async () => {
  const postgres = await openBenchPostgres();
  try {
    await reconciliationSection(postgres);
  } finally {
    if (!('unavailable' in postgres)) await postgres.drop();
  }
};

/** A member's account and betting records at 10,000 and 1,000,000 rounds (issue 30). */
const records = async () => {
  const postgres = await openBenchPostgres();
  try {
    await recordsSection(repoRoot, postgres);
  } finally {
    if (!('unavailable' in postgres)) await postgres.drop();
  }
};

/** The team overview of a 100,000-member tree, and a real-time salary run (issue 22). */
const agents = async () => {
  const postgres = await openBenchPostgres();
  try {
    await agentsSection(repoRoot, postgres);
  } finally {
    if (!('unavailable' in postgres)) await postgres.drop();
  }
};

// The house vendor's secret for this run only: the bench signs its vendor calls with it.
const BENCH_HOUSE_SECRET = `bench-${Date.now()}-house-vendor-secret`;

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const sections = (name: string) => !only || only.includes(name);

console.log(`Lanna bench on ${process.version}, ${new Date().toISOString()}`);
if (sections('bundle')) await bundle();
if (sections('lighthouse')) await lighthouseSection(repoRoot);
if (sections('cold-start')) await coldStart();
if (sections('status')) await throughput();
if (sections('ledger') || sections('balance') || sections('vendor')) await money(sections);
if (sections('games')) await games();
if (sections('slot')) await slotSection();
if (sections('realtime')) await realtime();
if (sections('reconciliation')) await reconciliation();
if (sections('records')) await records();
if (sections('agents')) await agents();
