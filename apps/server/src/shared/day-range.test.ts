import { describe, expect, it } from 'vitest';
import { dayRangeOf, startOfZonedDay, zonedIsoDate } from './day-range.ts';

describe('days in a zone', () => {
  it('starts a Bangkok day at 17:00 UTC the day before, and a Berlin day across its clock change', () => {
    expect(startOfZonedDay('2026-03-10', 'Asia/Bangkok').toISOString()).toBe(
      '2026-03-09T17:00:00.000Z',
    );
    expect(startOfZonedDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(startOfZonedDay('2026-03-30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    expect(zonedIsoDate(new Date('2026-03-09T17:00:00.000Z'), 'Asia/Bangkok')).toBe('2026-03-10');
  });

  it('fills an open end of a range with the span', () => {
    expect(dayRangeOf({}, '2026-03-10', 7)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(dayRangeOf({ from: '2026-03-01' }, '2026-03-10', 7)).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
    });
  });
});
