// Proves production serving of the built web app: files with the right cache headers, index.html
// for any page a browser navigates to (history mode) with a policy that lets the speed test
// reach the merchant's mirrors, the build's compressed copies to browsers that accept them, and
// API paths that keep answering JSON.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb, type TestDb } from '../testing/index.ts';

const HTML = { accept: 'text/html,application/xhtml+xml', host: 'localhost' };
const INDEX = '<!doctype html><title>Lanna</title><div id="root"></div>';
const BUNDLE = `console.log(${JSON.stringify('lanna '.repeat(400))})`;

let testDb: TestDb;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lanna-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dist, 'assets', 'app-3f2a1b.js'), BUNDLE);
  writeFileSync(join(dist, 'assets', 'app-3f2a1b.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(join(dist, 'assets', 'app-3f2a1b.js.gz'), gzipSync(BUNDLE));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db, { env: { NODE_ENV: 'production', WEB_DIST_DIR: dist } });
});

afterAll(async () => {
  await app.close();
  await testDb.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('production web app', () => {
  it('serves index.html, uncached, for the site root and any page route', async () => {
    for (const url of ['/', '/rng', '/member?tab=profile', '/index.html', '/help']) {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the brotli or gzip copy of a file to a browser that accepts it', async () => {
    const get = (url: string, acceptEncoding: string) =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
    const brotli = await get('/assets/app-3f2a1b.js', 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.rawPayload.length).toBeLessThan(BUNDLE.length / 10);
    const gzip = await get('/assets/app-3f2a1b.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-3f2a1b.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
    const page = await app.inject({
      method: 'GET',
      url: '/rng',
      headers: { ...HTML, 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-security-policy']).toContain('connect-src');
  });

  it("lets the page connect to the merchant's own domains for the speed test", async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: HTML });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' lanna.localhost:* localhost:* 127.0.0.1:*");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('caches hashed bundles for a year and revalidates other files', async () => {
    const bundle = await app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API and media paths out of the fallback', async () => {
    for (const url of [
      '/wps/unknown',
      '/lgw/x',
      '/ops/x',
      '/media/x',
      '/docs/nothing',
      '/healthz/x',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<unknown>()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('answers a page address with the app whoever asks, but not a POST or a missing asset', async () => {
    const curl = await app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } });
    const indexHtml = await app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { accept: '*/*' },
    });
    expect([curl.statusCode, indexHtml.statusCode]).toEqual([200, 200]);
    expect(curl.headers['content-type']).toMatch(/text\/html/);
    const post = await app.inject({ method: 'POST', url: '/rng', headers: HTML });
    const missingFile = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect([post.statusCode, missingFile.statusCode]).toEqual([404, 404]);
  });

  it('still answers the API', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/wps/system/merchant',
      headers: { host: 'siam.localhost' },
    });
    expect(response.statusCode).toBe(200);
  });
});
