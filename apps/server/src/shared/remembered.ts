/**
 * What a node remembers of values that never change once committed (a vendor's stored answer,
 * a vendor session's row), kept per database: a database and its transactions share a `scope`,
 * and each test database gets a memory of its own. Bounded: past `maxEntries` the oldest is
 * forgotten, and read again if its key ever returns.
 */
export type Remembered<V> = {
  get: (key: string) => V | undefined;
  remember: (key: string, value: V) => void;
};

export const rememberedPerDatabase = <V>(
  maxEntries: number,
): ((db: { scope: object }) => Remembered<V>) => {
  const byScope = new WeakMap<object, Remembered<V>>();
  const create = (): Remembered<V> => {
    const entries = new Map<string, V>();
    return {
      get: (key) => entries.get(key),
      remember: (key, value) => {
        if (entries.size >= maxEntries && !entries.has(key)) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(key, value);
      },
    };
  };
  return (db) => {
    let remembered = byScope.get(db.scope);
    if (!remembered) {
      remembered = create();
      byScope.set(db.scope, remembered);
    }
    return remembered;
  };
};
