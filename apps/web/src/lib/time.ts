/**
 * Dates and times are always shown in the merchant's zone, whatever the browser's zone
 * (spec section 1: the site is shown in GMT+7, default Asia/Bangkok).
 */
export const DEFAULT_TIME_ZONE = 'Asia/Bangkok';

type Part = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';
type Parts = Record<Part, string>;

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

const zonedParts = (date: Date, timeZone: string): Parts => {
  const parts: Parts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const { type, value } of formatterFor(timeZone).formatToParts(date)) {
    if (type in parts) parts[type as Part] = value;
  }
  return parts;
};

/** The header clock: `MM/DD hh:mm:ss`, hours 00-23. */
export const formatClock = (date: Date, timeZone: string = DEFAULT_TIME_ZONE): string => {
  const p = zonedParts(date, timeZone);
  return `${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
};

/** `YYYY/MM/DD`, as notices and records show dates. */
export const formatDate = (date: Date, timeZone: string = DEFAULT_TIME_ZONE): string => {
  const p = zonedParts(date, timeZone);
  return `${p.year}/${p.month}/${p.day}`;
};

/** `YYYY/MM/DD hh:mm`. */
export const formatDateTime = (date: Date, timeZone: string = DEFAULT_TIME_ZONE): string => {
  const p = zonedParts(date, timeZone);
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}`;
};

/** The calendar year in the zone (the copyright line changes year at local midnight). */
export const zonedYear = (date: Date, timeZone: string = DEFAULT_TIME_ZONE): string =>
  zonedParts(date, timeZone).year;

// Made once per zone: the header clock asks every second, and making one costs more than using it.
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone as an offset label, e.g. `GMT+7`. */
export const zoneOffsetLabel = (date: Date, timeZone: string = DEFAULT_TIME_ZONE): string => {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return name ?? 'GMT';
};

/** The calendar day in the zone as `YYYY-MM-DD`, the form date filters send. */
export const zonedIsoDate = (date: Date, timeZone: string = DEFAULT_TIME_ZONE): string => {
  const p = zonedParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
};

/** A calendar day moved by whole days (`2026-11-30` + 1 = `2026-12-01`), zone-free. */
export const addDays = (isoDate: string, days: number): string => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
