// Proves the read-through cache behind merchant resolution and access settings: a value is
// loaded once per TTL however many ask at the same moment, expires on time, is dropped at once
// by `delete` (what the ops service calls after a change), and a failed load is not kept.
import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

const setup = () => {
  let time = 0;
  let loads = 0;
  let value = 'first';
  const cache = createTtlCache<string, string>({ ttlMs: 2_000, maxEntries: 3, now: () => time });
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

describe('ttl cache', () => {
  it('loads once for concurrent readers and serves the value until the TTL ends', async () => {
    const t = setup();
    expect(await Promise.all([t.get(), t.get(), t.get()])).toEqual(['first', 'first', 'first']);
    t.change('second');
    t.advance(1_999);
    expect(await t.get()).toBe('first');
    t.advance(1);
    expect(await t.get()).toBe('second');
    expect(t.loads()).toBe(2);
  });

  it('loads again at once after delete', async () => {
    const t = setup();
    await t.get();
    t.change('second');
    t.cache.delete('k');
    expect(await t.get()).toBe('second');
  });

  it('offers a loaded value without waiting, and nothing once it has expired', async () => {
    const t = setup();
    expect(t.cache.peek('k')).toBeUndefined();
    const pending = t.get();
    expect(t.cache.peek('k')).toBeUndefined();
    await pending;
    expect(t.cache.peek('k')).toEqual({ value: 'first' });
    t.advance(2_000);
    expect(t.cache.peek('k')).toBeUndefined();
  });

  it('does not keep a failed load', async () => {
    const t = setup();
    await expect(t.cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await t.get()).toBe('first');
  });

  it('starts over rather than grow past its bound', async () => {
    const t = setup();
    for (const key of ['a', 'b', 'c', 'd']) await t.get(key);
    expect(t.cache.peek('a')).toBeUndefined();
    expect(t.cache.peek('d')).toEqual({ value: 'first' });
  });
});
