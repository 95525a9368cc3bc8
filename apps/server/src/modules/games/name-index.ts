/**
 * A trigram index over folded game names: every three-character run of each name points at the
 * games that contain it. A query of three characters or more is looked up through its rarest
 * trigram and then checked with a substring test, so a search touches the few games that can
 * match instead of the whole catalog; a shorter query scans.
 */
export type NameIndex = {
  /** Positions (into the haystacks given to `buildNameIndex`) whose text contains `needle`. */
  find: (needle: string) => number[];
};

const GRAM = 3;

const gramsOf = (text: string): Set<string> => {
  const grams = new Set<string>();
  for (let i = 0; i + GRAM <= text.length; i += 1) grams.add(text.slice(i, i + GRAM));
  return grams;
};

export const buildNameIndex = (haystacks: readonly string[]): NameIndex => {
  const lists = new Map<string, number[]>();
  haystacks.forEach((text, position) => {
    for (const gram of gramsOf(text)) {
      const list = lists.get(gram);
      if (list) list.push(position);
      else lists.set(gram, [position]);
    }
  });
  const postings = new Map<string, Uint32Array>();
  for (const [gram, list] of lists) postings.set(gram, Uint32Array.from(list));
  return {
    find: (needle) => {
      if (needle.length < GRAM) {
        const found: number[] = [];
        haystacks.forEach((text, position) => {
          if (text.includes(needle)) found.push(position);
        });
        return found;
      }
      let rarest: Uint32Array | undefined;
      for (const gram of gramsOf(needle)) {
        const list = postings.get(gram);
        if (!list) return [];
        if (!rarest || list.length < rarest.length) rarest = list;
      }
      const found: number[] = [];
      for (const position of rarest ?? []) {
        if (haystacks[position]?.includes(needle)) found.push(position);
      }
      return found;
    },
  };
};
