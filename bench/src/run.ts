// `npm run bench`: each figure beside its peer measured in the same run on the same machine,
// and the ratio against the goal of issue 2. Figures only: nothing here passes or fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { firstPaintJsGzipBytes } from './first-paint-js.ts';
import { homeRenderJsGzipBytes } from './home-render-js.ts';
import { freePort, runToEnd, startProcess, stopProcess, waitFor200 } from './processes.ts';
import { buildReactTemplate } from './react-template.ts';
import { measureThroughput } from './throughput.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const tsx = join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const ratio = (value: number, peer: number) => (value / peer).toFixed(2);
const line = (
  label: string,
  value: string,
  peerLabel: string,
  peer: string,
  r: string,
  goal: string,
) =>
  console.log(
    `${label.padEnd(34)} ${value.padStart(12)}   ${peerLabel.padEnd(26)} ${peer.padStart(12)}   ratio ${r.padStart(5)}  (goal ${goal})`,
  );

const startLanna = async (dataDir: string) => {
  const port = await freePort();
  const startedAt = performance.now();
  const child = startProcess(
    [tsx, 'apps/server/src/main.ts'],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
    },
    repoRoot,
  );
  const readyMs = await waitFor200(`http://127.0.0.1:${port}/wps/system/status`, startedAt, child);
  return { child, port, readyMs };
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
  const barePort = await freePort();
  const bare = startProcess(
    [tsx, 'bench/src/bare-fastify.ts'],
    { PORT: String(barePort) },
    repoRoot,
  );
  await waitFor200(`http://127.0.0.1:${barePort}/`, performance.now(), bare);
  const ours = await measureThroughput(
    `http://127.0.0.1:${lanna.port}/wps/system/status`,
    { host: 'lanna.localhost' },
    seconds,
  );
  const peer = await measureThroughput(`http://127.0.0.1:${barePort}/`, {}, seconds);
  await stopProcess(lanna.child);
  await stopProcess(bare);
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `\nGET /wps/system/status vs bare Fastify hello-world (${seconds} s, 40 connections)`,
  );
  line(
    'requests/s',
    ours.requestsPerSecond.toFixed(0),
    'bare Fastify requests/s',
    peer.requestsPerSecond.toFixed(0),
    ratio(ours.requestsPerSecond, peer.requestsPerSecond),
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
};

console.log(`Lanna bench on ${process.version}, ${new Date().toISOString()}`);
await bundle();
await coldStart();
await throughput();
