import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePort, startProcess, stopProcess, waitForAnswer } from '@lanna/server/testing';
import { startLanna } from './lanna-server.ts';
import { loginOverHttp } from './member-login.ts';
import { buildReactTemplate } from './react-template.ts';
import { line } from './report.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Scores = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

/**
 * One Lighthouse run, mobile preset (its default: a mid-range phone, simulated slow 4G), in a
 * browser of its own so no run finds another's cache. `token` signs the tab in first, as the
 * site does (session storage), on a page of the origin that loads none of the site's files.
 */
const runOnce = async (url: string, token?: string): Promise<Scores> => {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    if (token) {
      await page.goto(new URL('/healthz', url).href);
      await page.evaluate((value) => sessionStorage.setItem('token', value), token);
    }
    const result = await lighthouse(
      url,
      {
        onlyCategories: ['performance', 'accessibility'],
        logLevel: 'error',
        // A signed-in tab keeps its session storage; its cache is empty all the same (a new profile).
        disableStorageReset: Boolean(token),
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    };
  } finally {
    await browser.close();
  }
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Each figure the median of its own over RUNS runs. */
const medianOf = async (url: string, token?: string): Promise<Scores & { runs: number[] }> => {
  const runs: Scores[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await runOnce(url, token));
  const of = (key: keyof Scores) => median(runs.map((scores) => scores[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    runs: runs.map((scores) => scores.performance),
  };
};

/** The bare template as its own `vite preview` serves it. */
const serveTemplate = async (repoRoot: string) => {
  const dist = await buildReactTemplate(repoRoot);
  const port = await freePort();
  const child = startProcess(
    [
      join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'preview',
      '--port',
      String(port),
      '--strictPort',
    ],
    {},
    join(dist, '..'),
  );
  const url = `http://127.0.0.1:${port}/`;
  await waitForAnswer(url, child);
  return { child, url };
};

const print = (page: string, ours: Scores & { runs: number[] }, template: Scores) => {
  line(
    `${page}: performance`,
    String(ours.performance),
    'bare React template',
    String(template.performance),
    (ours.performance - template.performance).toString(),
    '>= 90, within 8 points: ratio column is the difference',
  );
  console.log(`  runs: ${ours.runs.join(', ')}`);
  line(
    `${page}: accessibility`,
    String(ours.accessibility),
    'bare React template',
    String(template.accessibility),
    (ours.accessibility - template.accessibility).toString(),
    '>= 95',
  );
  line(
    `${page}: LCP (ms)`,
    ours.lcpMs.toFixed(0),
    'bare React template',
    template.lcpMs.toFixed(0),
    (ours.lcpMs / template.lcpMs).toFixed(2),
    'information',
  );
  line(
    `${page}: TBT (ms)`,
    ours.tbtMs.toFixed(0),
    'bare React template',
    template.tbtMs.toFixed(0),
    '-',
    '<= 200',
  );
  line(
    `${page}: CLS`,
    ours.cls.toFixed(3),
    'bare React template',
    template.cls.toFixed(3),
    '-',
    '<= 0.02',
  );
};

/**
 * Lighthouse (the pinned version of bench/package.json) on Debian's Chromium against the built
 * site as `npm run serve` serves it: home, a category lobby and the member centre (signed in),
 * beside the bare React 19 + Vite template served in the same run.
 */
export const lighthouseSection = async (repoRoot: string): Promise<void> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanna-bench-'));
  const lanna = await startLanna(repoRoot, dataDir);
  const template = await serveTemplate(repoRoot);
  try {
    const site = `http://127.0.0.1:${lanna.port}`;
    const token = await loginOverHttp(site, `127.0.0.1:${lanna.port}`, 'demo_member', 'Demo@12345');
    const peer = await medianOf(template.url);
    console.log(`\nLighthouse, mobile preset, median of ${RUNS} runs, Debian Chromium`);
    print('home /', await medianOf(`${site}/`), peer);
    print('lobby /rng', await medianOf(`${site}/rng`), peer);
    print('member centre /member', await medianOf(`${site}/member`, token), peer);
  } finally {
    await stopProcess(template.child);
    await stopProcess(lanna.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
};
