import { useCallback, useRef } from 'react';

// getRandomValues works on plain http too (randomUUID needs a secure context): 128 bits as hex.
const randomKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * One idempotency key per request the member means (style.md, Principles 5): the same key for
 * the same intent, so a double click or a retry after a time-out moves the money once; a new
 * key once the intent changes (other fields) or once the request is done. `newKey` makes a
 * key (a module-level function, so the callbacks stay stable).
 */
export const useIdempotencyKey = (newKey: () => string = randomKey) => {
  const current = useRef<{ intent: string; key: string } | null>(null);
  const keyFor = useCallback(
    (intent: string): string => {
      if (current.current?.intent !== intent) current.current = { intent, key: newKey() };
      return current.current.key;
    },
    [newKey],
  );
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, done };
};
