/**
 * The site shows time in the merchant's zone (GMT+7 by default) whatever zone the browser or
 * the test process runs in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  formatClock,
  formatDate,
  formatDateTime,
  zonedIsoDate,
  zonedYear,
  zoneOffsetLabel,
} from './time';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

// 2024-12-31 17:00:05 UTC is already 2025-01-01 00:00:05 in Bangkok.
const newYearInBangkok = new Date('2024-12-31T17:00:05Z');

describe('formatClock', () => {
  it.each(['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Asia/Kolkata'])(
    'shows MM/DD hh:mm:ss in GMT+7 when the process zone is %s',
    (zone) => {
      process.env.TZ = zone;
      expect(formatClock(newYearInBangkok)).toBe('01/01 00:00:05');
    },
  );

  it('uses two-digit 24-hour hours', () => {
    expect(formatClock(new Date('2025-06-09T16:04:09Z'))).toBe('06/09 23:04:09');
    expect(formatClock(new Date('2025-06-09T17:04:09Z'))).toBe('06/10 00:04:09');
  });

  it('follows the merchant zone when it is not Bangkok', () => {
    expect(formatClock(newYearInBangkok, 'Asia/Tokyo')).toBe('01/01 02:00:05');
  });
});

describe('dates in the merchant zone', () => {
  it('formats dates, date-times, the year and the offset label', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatDate(newYearInBangkok)).toBe('2025/01/01');
    expect(formatDateTime(newYearInBangkok)).toBe('2025/01/01 00:00');
    expect(zonedYear(newYearInBangkok)).toBe('2025');
    expect(zoneOffsetLabel(newYearInBangkok)).toBe('GMT+7');
  });
});

describe('calendar days for date filters', () => {
  it('reads the day in the merchant zone, not the browser one', () => {
    // 17:30 UTC is already the next day in Bangkok (GMT+7).
    expect(zonedIsoDate(new Date('2026-11-21T17:30:00Z'), 'Asia/Bangkok')).toBe('2026-11-22');
    expect(zonedIsoDate(new Date('2026-11-21T16:30:00Z'), 'Asia/Bangkok')).toBe('2026-11-21');
  });

  it('moves across months and years', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-22', 7)).toBe('2028-02-29');
  });
});
