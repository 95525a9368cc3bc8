import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkPageDepth,
  DateRangeQuerySchema,
  keysetPageFields,
  MAX_COUNTED_ROWS,
  pageCountOf,
  PageQuerySchema,
  totalPagesOf,
} from './paging.ts';

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

  it('counts up to the cap, then says more than', () => {
    expect(pageCountOf(41, 20)).toEqual({ total: 41, totalPages: 3, totalCapped: false });
    expect(pageCountOf(MAX_COUNTED_ROWS + 1, 20)).toEqual({
      total: MAX_COUNTED_ROWS,
      totalPages: 500,
      totalCapped: true,
    });
  });

  it('reads a page number without a cursor only within the counted rows', () => {
    const schema = z.object(keysetPageFields).superRefine(checkPageDepth);
    expect(schema.safeParse({ pageNo: '500', pageSize: '20' }).success).toBe(true);
    expect(schema.safeParse({ pageNo: '501', pageSize: '20' }).success).toBe(false);
    expect(schema.safeParse({ pageNo: '501', pageSize: '20', cursor: 'a.1.2' }).success).toBe(true);
    for (const cursor of ['a.1', 'c.1.2', 'a.-1.2', 'b.1.2.3', 'a.1.2 ']) {
      expect(schema.safeParse({ cursor }).success, cursor).toBe(false);
    }
  });
});
