/**
 * A small read-through cache for values that are read on every request and written rarely.
 * It keeps the promise of a load, so concurrent misses share one query; a failed load is not
 * kept. Entries live `ttlMs` of elapsed (monotonic) time, not of the app's clock, which tests
 * move by days. `delete` drops a key at once: the writer calls it after its transaction commits,
 * so the next read on this node loads the new value.
 */
export type TtlCache<K, V> = {
  get: (key: K, load: () => Promise<V>) => Promise<V>;
  /** The loaded value when a fresh one is at hand, without waiting: for hot synchronous paths. */
  peek: (key: K) => { value: V } | undefined;
  delete: (key: K) => void;
  clear: () => void;
};

type Entry<V> = { value: Promise<V>; expiresAt: number; loaded?: { value: V } };

export const createTtlCache = <K, V>(options: {
  ttlMs: number;
  /** A flood of distinct keys (made-up Host headers) clears the cache rather than growing it. */
  maxEntries: number;
  now?: () => number;
}): TtlCache<K, V> => {
  const now = options.now ?? (() => performance.now());
  const entries = new Map<K, Entry<V>>();
  return {
    get: (key, load) => {
      const time = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > time) return hit.value;
      if (!hit && entries.size >= options.maxEntries) entries.clear();
      const entry: Entry<V> = { value: load(), expiresAt: time + options.ttlMs };
      entries.set(key, entry);
      entry.value.then(
        (value) => {
          entry.loaded = { value };
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    peek: (key) => {
      const hit = entries.get(key);
      return hit && hit.expiresAt > now() ? hit.loaded : undefined;
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
 * One TtlCache per database, made on first use: a database and its transactions share a
 * `scope`, and each test database gets a cache of its own.
 */
export const ttlCachePerDatabase = <K, V>(options: {
  ttlMs: number;
  maxEntries: number;
}): ((db: { scope: object }) => TtlCache<K, V>) => {
  const byScope = new WeakMap<object, TtlCache<K, V>>();
  return (db) => {
    let cache = byScope.get(db.scope);
    if (!cache) {
      cache = createTtlCache<K, V>(options);
      byScope.set(db.scope, cache);
    }
    return cache;
  };
};
