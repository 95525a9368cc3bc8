/** Minor units as a decimal string, by integer arithmetic only (no floating point for money). */
export const formatMinor = (minor: string, decimals: number): string => {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
};

/** The zone round times are shown in when the launch named none or one this browser lacks. */
const FALLBACK_ZONE = 'UTC';

/** The launch's zone (an IANA name such as Asia/Bangkok) when this browser knows it. */
export const zoneOf = (zone: string | null): string => {
  if (!zone) return FALLBACK_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return FALLBACK_ZONE;
  }
};

/**
 * A moment as the merchant's members read the clock, with the offset named so a player abroad
 * is not misled: `2026-11-28 19:05:03 (GMT+7)` (issue 29).
 */
export const formatZonedTime = (iso: string, zone: string): string => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'shortOffset',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')} (${part('timeZoneName')})`;
};
