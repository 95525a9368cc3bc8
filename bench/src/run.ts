// `npm run bench`: each figure beside its peer measured in the same run on the same machine,
// and the ratio against the goals of issues 2 and 4. Figures only: nothing here passes or fails.
// BENCH_ONLY=bundle,cold-start,status,ledger,balance,vendor,games,slot,realtime runs some
// sections alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { balanceSection } from './balance-section.ts';
import { openBenchPostgres, settleBenchDatabase } from './bench-postgres.ts';
import { firstPaintJsGzipBytes } from './first-paint-js.ts';
import { gamesSection } from './games-section.ts';
import { homeRenderJsGzipBytes, lobbyRenderJsGzipBytes } from './home-render-js.ts';
import { startLanna as startServer } from './lanna-server.ts';
import { ledgerSection } from './ledger-section.ts';
import { realtimeSection } from './realtime-section.ts';
import { freePort, runToEnd, startProcess, stopProcess, waitFor200 } from './processes.ts';
import { buildReactTemplate } from './react-template.ts';
import { compareRates, line, ratio } from './report.ts';
import { slotSection } from './slot-section.ts';
import { measureThroughput } from './throughput.ts';
import { vendorSection } from './vendor-section.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const tsx = join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const startLanna = (dataDir: string) => startServer(repoRoot, dataDir);

const startBareFastify = async () => {
  const port = await freePort();
  const child = startProcess([tsx, 'bench/src/bare-fastify.ts'], { PORT: String(port) }, repoRoot);
  await waitFor200(`http://127.0.0.1:${port}/`, performance.now(), child);
  return { child, url: `http://127.0.0.1:${port}/` };
};

const bareBoot = async (dir: string) =>
  Number(await runToEnd([tsx, 'bench/src/bare-pglite.ts'], repoRoot, { PGLITE_DIR: dir }));

const coldStart = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanna-bench-'));
  const fresh = await startLanna(dataDir);
  await stopProcess(fresh.child);
  const existing = await startLanna(dataDir);
  await stopProcess(existing.child);
  const pgDir = mkdtempSync(join(tmpdir(), 'pglite-bench-'));
  const bareFresh = await bareBoot(pgDir);
  const bareExisting = await bareBoot(pgDir);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(pgDir, { recursive: true, force: true });
  console.log('\nCold start to first 200 (ms)');
  line(
    'server, fresh data dir',
    fresh.readyMs.toFixed(0),
    'bare PGlite boot, fresh',
    bareFresh.toFixed(0),
    ratio(fresh.readyMs, bareFresh),
    `<= boot + 1000 ms: ${(fresh.readyMs - bareFresh).toFixed(0)} ms over`,
  );
  line(
    'server, existing data dir',
    existing.readyMs.toFixed(0),
    'bare PGlite boot, existing',
    bareExisting.toFixed(0),
    ratio(existing.readyMs, bareExisting),
    `<= boot + 1000 ms: ${(existing.readyMs - bareExisting).toFixed(0)} ms over`,
  );
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

/** Issue 4: the ledger, the balance read and the vendor wallet API, PostgreSQL when there is one. */
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

/** Issue 5: name search and the filtered games list on a 20,000-game catalog. */
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

/** Issue 6: the realtime gateway at 5,000 sockets against a bare `ws` server. */
const realtime = async () => {
  const postgres = await openBenchPostgres();
  const onPostgres = !('unavailable' in postgres);
  const dataDir = mkdtempSync(join(tmpdir(), 'lanna-bench-'));
  const operatorKey = `bench-operator-key-${Date.now()}`;
  const lanna = await startServer(repoRoot, dataDir, {
    ...(onPostgres ? { databaseUrl: postgres.url } : {}),
    env: { OPERATOR_API_KEY: operatorKey },
  });
  const port = await freePort();
  const bare = startProcess([tsx, 'bench/src/bare-ws.ts'], { PORT: String(port) }, repoRoot);
  try {
    await waitFor200(`http://127.0.0.1:${port}/`, performance.now(), bare);
    await realtimeSection({
      database: onPostgres ? 'PostgreSQL' : 'PGlite',
      lannaUrl: lanna.baseUrl,
      lannaChild: lanna.child,
      bareUrl: `http://127.0.0.1:${port}`,
      operatorKey,
    });
  } finally {
    await stopProcess(lanna.child);
    await stopProcess(bare);
    rmSync(dataDir, { recursive: true, force: true });
    if (onPostgres) await postgres.drop();
  }
};

// The house vendor's secret for this run only: the bench signs its vendor calls with it.
const BENCH_HOUSE_SECRET = `bench-${Date.now()}-house-vendor-secret`;

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const sections = (name: string) => !only || only.includes(name);

console.log(`Lanna bench on ${process.version}, ${new Date().toISOString()}`);
if (sections('bundle')) await bundle();
if (sections('cold-start')) await coldStart();
if (sections('status')) await throughput();
if (sections('ledger') || sections('balance') || sections('vendor')) await money(sections);
if (sections('games')) await games();
if (sections('slot')) await slotSection();
if (sections('realtime')) await realtime();
