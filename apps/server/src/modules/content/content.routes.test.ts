// Proves banners and notices: each group's active banners in order with an address that serves
// the generated artwork (and only to the banner's own merchant), and notices newest first,
// paginated, published ones only.
import type { Banner, Envelope, Notice } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, movableClock, openTestDb, type TestDb } from '../../testing/index.ts';

let testDb: TestDb;
let app: FastifyInstance;
const clock = movableClock(new Date().toISOString());

beforeAll(async () => {
  testDb = await openTestDb();
  clock.set(new Date().toISOString());
  app = await buildTestApp(testDb.db, { clock });
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

const bannersOf = async (group: string, host = 'localhost'): Promise<Banner[]> => {
  const response = await app.inject({
    method: 'GET',
    url: `/wps/content/banners?groupName=${group}`,
    headers: { host },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<{ list: Banner[] }>>().value.list;
};

type NoticePage = { list: Notice[]; totalPages: number; nextCursor: string | null };

const noticesOf = async (query: string, host = 'localhost'): Promise<NoticePage> => {
  const response = await app.inject({
    method: 'GET',
    url: `/wps/content/notices${query}`,
    headers: { host },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<NoticePage>>().value;
};

describe('GET /wps/content/banners', () => {
  it('answers three home banners, one side-menu banner and one forgot-password banner', async () => {
    expect(await bannersOf('w_home')).toHaveLength(3);
    expect(await bannersOf('w_leftmenu')).toHaveLength(1);
    const [forget] = await bannersOf('w_forget');
    expect(forget).toMatchObject({ groupName: 'w_forget', linkageType: 'NONE', link: null });
  });

  it('answers each merchant its own banners', async () => {
    const lanna = (await bannersOf('w_home')).map((banner) => banner.title);
    const siam = (await bannersOf('w_home', 'siam.localhost')).map((banner) => banner.title);
    expect(lanna[0]).toBe('Welcome bonus 100%');
    expect(siam[0]).toBe('Royal welcome');
    expect(lanna).not.toEqual(expect.arrayContaining(siam));
  });

  it('points each banner at generated SVG artwork that can be cached', async () => {
    const [banner] = await bannersOf('w_home');
    expect(banner?.url).toMatch(/^\/media\/banners\/\d+\.svg$/);
    const image = await app.inject({
      method: 'GET',
      url: banner?.url ?? '',
      headers: { host: 'localhost' },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(image.headers['cache-control']).toBe('public, max-age=3600');
    expect(image.body).toContain('Welcome bonus 100%');
    const again = await app.inject({
      method: 'GET',
      url: banner?.url ?? '',
      headers: { host: 'localhost', 'if-none-match': String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('does not serve one merchant the artwork of another', async () => {
    const [banner] = await bannersOf('w_home', 'siam.localhost');
    const image = await app.inject({
      method: 'GET',
      url: banner?.url ?? '',
      headers: { host: 'localhost' },
    });
    expect(image.statusCode).toBe(404);
    expect(image.json<unknown>()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a group the contract does not know', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/wps/content/banners?groupName=w_nope',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<unknown>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      value: { issues: [{ path: 'groupName' }] },
    });
  });
});

describe('GET /wps/content/notices', () => {
  it('answers seven notices a page by default, newest first', async () => {
    const page = await noticesOf('');
    expect(page.list).toHaveLength(7);
    expect(page.totalPages).toBe(2);
    const times = page.list.map((notice) => Date.parse(notice.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.list[0]?.content).toMatch(/^<p>/);
  });

  it('pages through the rest', async () => {
    const first = await noticesOf('?pageNo=1&pageSize=5');
    const second = await noticesOf('?pageNo=2&pageSize=5');
    expect(first.totalPages).toBe(2);
    expect(second.list).toHaveLength(3);
    const ids = [...first.list, ...second.list].map((notice) => notice.id);
    expect(new Set(ids).size).toBe(8);
    expect((await noticesOf('?pageNo=9')).list).toEqual([]);
  });

  it('answers each merchant its own notices', async () => {
    const siam = await noticesOf('?pageSize=50', 'siam.localhost');
    expect(siam.list).toHaveLength(6);
    expect(siam.totalPages).toBe(1);
  });

  it('hides notices scheduled for later', async () => {
    const now = clock().toISOString();
    clock.set('2000-01-01T00:00:00.000Z');
    const page = await noticesOf('');
    clock.set(now);
    expect(page).toMatchObject({ list: [], total: 0, totalPages: 0, nextCursor: null });
  });
});
