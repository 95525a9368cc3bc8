import { describe, expect, it } from 'vitest';
import { pageItems } from './page-items';

describe('pageItems', () => {
  it('shows every page when they fit', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('keeps the ends and the pages around the current one, with gaps between', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
    expect(pageItems(10, 20, { range: 5, margin: 2 })).toEqual([
      1,
      2,
      'gap',
      8,
      9,
      10,
      11,
      12,
      'gap',
      19,
      20,
    ]);
  });

  it('shows a lone left-out page instead of a gap', () => {
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });

  it('keeps to the range without margin pages (announcements: up to 5 links)', () => {
    expect(pageItems(4, 12, { range: 5, margin: 0 })).toEqual([2, 3, 4, 5, 6]);
    expect(pageItems(1, 12, { range: 5, margin: 0 })).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(12, 12, { range: 5, margin: 0 })).toEqual([8, 9, 10, 11, 12]);
    expect(pageItems(2, 2, { range: 2, margin: 0 })).toEqual([1, 2]);
  });
});
