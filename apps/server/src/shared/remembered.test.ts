// Proves the per-database memory: each database scope has its own, and past its limit the
// oldest entry is forgotten first.
import { describe, expect, it } from 'vitest';
import { rememberedPerDatabase } from './remembered.ts';

describe('rememberedPerDatabase', () => {
  it('keeps one memory per database scope and forgets the oldest past the limit', () => {
    const rememberedOf = rememberedPerDatabase<number>(2);
    const db = { scope: {} };
    const other = { scope: {} };
    rememberedOf(db).remember('a', 1);
    rememberedOf(db).remember('b', 2);
    expect(rememberedOf(other).get('a')).toBeUndefined();
    rememberedOf(db).remember('c', 3);
    expect([
      rememberedOf(db).get('a'),
      rememberedOf(db).get('b'),
      rememberedOf(db).get('c'),
    ]).toEqual([undefined, 2, 3]);
  });
});
