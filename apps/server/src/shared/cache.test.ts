// Proves the one cache: a value is loaded once however many ask at the same moment, is never
// answered older than its bound, is dropped at once by `delete` (what a writer calls after its
// commit), a failed load is not kept, and past its bound the least recently used goes first.
import { describe, expect, it } from 'vitest';
import { createCache } from './cache.ts';

const setup = (staleMs: number | 'never' = 2_000) => {
  let time = 1_000;
  let loads = 0;
  let value = 'first';
  const cache = createCache<string, string>({ max: 3, staleMs, now: () => time });
  const load = () => {
    loads += 1;
    return Promise.resolve(value);
  };
  return {
    cache,
    get: (key = 'k') => cache.get(key, load),
    advance: (ms: number) => (time += ms),
    change: (next: string) => (value = next),
    loads: () => loads,
  };
};

describe('cache', () => {
  it('loads once for concurrent readers and answers nothing older than its bound', async () => {
    const t = setup();
    expect(await Promise.all([t.get(), t.get(), t.get()])).toEqual(['first', 'first', 'first']);
    t.change('second');
    t.advance(1_999);
    expect(await t.get()).toBe('first');
    t.advance(2);
    expect(await t.get()).toBe('second');
    expect(t.loads()).toBe(2);
  });

  it('ages a value from a clock that starts at zero', async () => {
    let time = 0;
    const cache = createCache<string, number>({ max: 3, staleMs: 2_000, now: () => time });
    expect(await cache.get('k', () => Promise.resolve(1))).toBe(1);
    time = 2_001;
    expect(await cache.get('k', () => Promise.resolve(2))).toBe(2);
  });

  it('keeps a value that never goes stale until it is dropped', async () => {
    const t = setup('never');
    await t.get();
    t.change('second');
    t.advance(365 * 86_400_000);
    expect(await t.get()).toBe('first');
  });

  it('loads again at once after delete', async () => {
    const t = setup();
    await t.get();
    t.change('second');
    t.cache.delete('k');
    expect(await t.get()).toBe('second');
  });

  it('answers a value set by a writer without loading', async () => {
    const t = setup();
    t.cache.set('k', 'written');
    expect(await t.get()).toBe('written');
    expect(t.loads()).toBe(0);
  });

  it('does not keep a failed load', async () => {
    const t = setup();
    await expect(t.cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await t.get()).toBe('first');
    expect(t.loads()).toBe(1);
  });

  it('forgets the least recently used entry past its bound', async () => {
    const t = setup();
    for (const key of ['a', 'b', 'c']) await t.get(key);
    await t.get('a');
    await t.get('d');
    expect(t.loads()).toBe(4);
    await t.get('a');
    expect(t.loads()).toBe(4);
    await t.get('b');
    expect(t.loads()).toBe(5);
  });
});
