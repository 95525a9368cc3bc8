import { LRUCache } from 'lru-cache';

/**
 * The server's one cache (docs/architecture.md lists each use, its bound and its invalidation).
 * A read-through LRU: concurrent misses of one key share one load, a failed load is not kept,
 * and a value is at most `staleMs` of elapsed (monotonic) time old, whatever the app's clock
 * says (tests move it by days). `'never'` is for values that cannot change once written (a
 * stored vendor answer). Writers call `delete` after their transaction commits, so the next
 * read on this node loads the new value.
 */
export type Cache<K extends string | number | object, V> = {
  get: (key: K, load: () => Promise<V>) => Promise<V>;
  /** Keeps a value known without a load (a writer's own, after its commit). */
  set: (key: K, value: V) => void;
  delete: (key: K) => void;
  clear: () => void;
};

export type CacheOptions = {
  /** Most entries kept; the least recently used goes first. */
  max: number;
  /** How old a value may be when it is answered. */
  staleMs: number | 'never';
  /** Monotonic milliseconds; tests pass their own. */
  now?: () => number;
};

const shiftedByOne = (now: () => number) => () => now() + 1;

export const createCache = <K extends string | number | object, V>(
  options: CacheOptions,
): Cache<K, V> => {
  const entries = new LRUCache<K, { value: Promise<V> }>({
    max: options.max,
    ...(options.staleMs === 'never' ? {} : { ttl: options.staleMs }),
    // lru-cache takes a start time of 0 for none (never stale): a test clock may start there.
    ...(options.now ? { perf: { now: shiftedByOne(options.now) }, ttlResolution: 0 } : {}),
  });
  return {
    get: (key, load) => {
      const hit = entries.get(key);
      if (hit) return hit.value;
      const entry = { value: load() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.peek(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    set: (key, value) => {
      entries.set(key, { value: Promise.resolve(value) });
    },
    delete: (key) => {
      entries.delete(key);
    },
    clear: () => {
      entries.clear();
    },
  };
};

/**
 * One cache per database, made on first use: a database and its transactions share a `scope`,
 * so each test database gets a cache of its own and nothing carries from one to the next.
 */
export const cachePerDatabase = <K extends string | number | object, V>(
  options: CacheOptions,
): ((db: { scope: object }) => Cache<K, V>) => {
  const byScope = new WeakMap<object, Cache<K, V>>();
  return (db) => {
    let cache = byScope.get(db.scope);
    if (!cache) {
      cache = createCache<K, V>(options);
      byScope.set(db.scope, cache);
    }
    return cache;
  };
};
