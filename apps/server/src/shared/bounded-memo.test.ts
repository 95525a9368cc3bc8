import { describe, expect, it } from 'vitest';
import { createBoundedMemo } from './bounded-memo.ts';

const memoOfLengths = () => {
  const builds: string[] = [];
  const memo = createBoundedMemo<string>({ maxWeight: 10, weigh: (value) => value.length });
  const get = (key: string) =>
    memo.get(key, () => {
      builds.push(key);
      return key.toUpperCase();
    });
  return { get, builds };
};

/** Asks each key twice, so that it is kept. */
const keep = (get: (key: string) => string, ...keys: string[]) => {
  for (const key of keys) {
    get(key);
    get(key);
  }
};

describe('createBoundedMemo', () => {
  it('keeps a key the second time it is asked and answers it from memory after that', () => {
    const { get, builds } = memoOfLengths();
    expect(get('abc')).toBe('ABC');
    expect(get('abc')).toBe('ABC');
    expect(get('abc')).toBe('ABC');
    expect(get('abc')).toBe('ABC');
    expect(builds).toEqual(['abc', 'abc']);
  });

  it('lets keys asked once pass without pushing out the kept ones', () => {
    const { get, builds } = memoOfLengths();
    keep(get, 'aaaa');
    for (const once of ['b1', 'b2', 'b3', 'b4', 'b5', 'b6']) get(once);
    get('aaaa');
    expect(builds).toEqual(['aaaa', 'aaaa', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
  });

  it('starts over when the next kept answer would pass the weight, never holding more', () => {
    const { get, builds } = memoOfLengths();
    keep(get, 'aaaa', 'bbbb', 'cccc'); // 12 > 10: the memo starts over with cccc
    get('cccc');
    get('aaaa');
    expect(builds).toEqual(['aaaa', 'aaaa', 'bbbb', 'bbbb', 'cccc', 'cccc', 'aaaa']);
  });

  it('answers but does not keep a value heavier than the whole memo, nor drops the rest', () => {
    const { get, builds } = memoOfLengths();
    keep(get, 'ab');
    keep(get, 'twelve chars');
    expect(get('twelve chars')).toBe('TWELVE CHARS');
    get('ab');
    expect(builds).toEqual(['ab', 'ab', 'twelve chars', 'twelve chars', 'twelve chars']);
  });
});
