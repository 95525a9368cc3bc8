import { describe, expect, it } from 'vitest';
import { DateRangeQuerySchema, PageQuerySchema, totalPagesOf } from './paging.ts';

describe('paging', () => {
  it('defaults to the first page of 20 and refuses pages beyond the bounds', () => {
    expect(PageQuerySchema.parse({})).toEqual({ pageNo: 1, pageSize: 20 });
    expect(PageQuerySchema.parse({ pageNo: '3', pageSize: '50' })).toEqual({
      pageNo: 3,
      pageSize: 50,
    });
    for (const bad of [{ pageNo: 0 }, { pageSize: 101 }, { pageNo: '1.5' }, { pageNo: 'x' }]) {
      expect(PageQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes calendar days in order and at most a year apart', () => {
    expect(DateRangeQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-30' }).success).toBe(
      true,
    );
    expect(DateRangeQuerySchema.safeParse({ to: '2026-11-30' }).success).toBe(true);
    for (const bad of [
      { from: '2026-11-30', to: '2026-11-01' },
      { from: '2025-01-01', to: '2026-11-30' },
      { from: '2026-02-30' },
      { from: '22/11/2026' },
    ]) {
      expect(DateRangeQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('counts pages', () => {
    expect([totalPagesOf(0, 20), totalPagesOf(20, 20), totalPagesOf(21, 20)]).toEqual([0, 1, 2]);
  });
});
