/** Calendar days in a merchant's zone, as the records and reports filter by them. */

const DAY_MS = 86_400_000;

export const addDays = (isoDate: string, days: number): string =>
  new Date(Date.parse(isoDate) + days * DAY_MS).toISOString().slice(0, 10);

/** The calendar day (yyyy-mm-dd) an instant falls on in the zone. */
export const zonedIsoDate = (instant: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

/**
 * The days a report covers: what the query names, or `span` days beside an open end (ending
 * today when both are open).
 */
export const dayRangeOf = (
  query: { from?: string | undefined; to?: string | undefined },
  today: string,
  span: number,
): { from: string; to: string } => {
  const extra = span - 1;
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: addDays(query.from, extra) };
  const to = query.to ?? today;
  return { from: addDays(to, -extra), to };
};

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
const zoneOffsetMs = (instant: number, timeZone: string): number => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
};

/** The instant a calendar day (yyyy-mm-dd) starts in the zone. */
export const startOfZonedDay = (isoDate: string, timeZone: string): Date => {
  const midnight = Date.parse(`${isoDate}T00:00:00Z`);
  // Twice: the offset at the guess may differ from the offset at the answer across a change.
  const guess = midnight - zoneOffsetMs(midnight, timeZone);
  return new Date(midnight - zoneOffsetMs(guess, timeZone));
};
