/**
 * Remembers what a pure function of an immutable source answered per key (a catalog's search
 * results, its serialised pages), up to a total weight. A key is kept the second time it is
 * asked, not the first: a flood of keys asked once (every visitor typing a new name) builds
 * each answer and lets it die young, instead of filling the memo, wiping the answers asked
 * again and again, and leaving the old generation a heap of dead pages to mark-compact. When
 * the next kept answer would pass the weight, the memo starts over rather than growing.
 */
export type BoundedMemo<V> = {
  get: (key: string, build: () => V) => V;
};

// Keys asked once, remembered until asked again; past this many the list starts over.
const MAX_ASKED_ONCE = 10_000;

export const createBoundedMemo = <V>(options: {
  maxWeight: number;
  weigh: (value: V) => number;
}): BoundedMemo<V> => {
  const entries = new Map<string, V>();
  const askedOnce = new Set<string>();
  let weight = 0;
  return {
    get: (key, build) => {
      const known = entries.get(key);
      if (known !== undefined) return known;
      const value = build();
      if (!askedOnce.has(key)) {
        if (askedOnce.size >= MAX_ASKED_ONCE) askedOnce.clear();
        askedOnce.add(key);
        return value;
      }
      askedOnce.delete(key);
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
