/**
 * Remembers what a pure function of an immutable source answered per key (a catalog's search
 * results, its serialised pages), up to a total weight. When the next answer would pass the
 * weight, the memo starts over rather than growing: a flood of distinct keys (every visitor
 * typing a new name) costs one rebuild per key, never memory.
 */
export type BoundedMemo<V> = {
  get: (key: string, build: () => V) => V;
};

export const createBoundedMemo = <V>(options: {
  maxWeight: number;
  weigh: (value: V) => number;
}): BoundedMemo<V> => {
  const entries = new Map<string, V>();
  let weight = 0;
  return {
    get: (key, build) => {
      const known = entries.get(key);
      if (known !== undefined) return known;
      const value = build();
      const cost = options.weigh(value);
      if (cost > options.maxWeight) return value;
      if (weight + cost > options.maxWeight) {
        entries.clear();
        weight = 0;
      }
      entries.set(key, value);
      weight += cost;
      return value;
    },
  };
};
