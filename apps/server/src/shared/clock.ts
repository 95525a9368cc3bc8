/** Where the server reads the time: injectable so tests can stand at any instant. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Timestamps cross the wire as ISO 8601 in UTC (`2026-01-31T17:00:00.000Z`). */
export const toIso = (date: Date): string => date.toISOString();

export const toIsoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
