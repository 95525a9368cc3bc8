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

describe('createBoundedMemo', () => {
  it('builds a key once and answers it again from memory', () => {
    const { get, builds } = memoOfLengths();
    expect(get('abc')).toBe('ABC');
    expect(get('abc')).toBe('ABC');
    expect(builds).toEqual(['abc']);
  });

  it('starts over when the next answer would pass the weight, never holding more', () => {
    const { get, builds } = memoOfLengths();
    get('aaaa');
    get('bbbb');
    get('cccc'); // 12 > 10: the memo starts over with this one
    get('cccc');
    get('aaaa');
    expect(builds).toEqual(['aaaa', 'bbbb', 'cccc', 'aaaa']);
  });

  it('answers but does not keep a value heavier than the whole memo, nor drops the rest', () => {
    const { get, builds } = memoOfLengths();
    get('ab');
    expect(get('twelve chars')).toBe('TWELVE CHARS');
    get('twelve chars');
    get('ab');
    expect(builds).toEqual(['ab', 'twelve chars', 'twelve chars']);
  });
});
