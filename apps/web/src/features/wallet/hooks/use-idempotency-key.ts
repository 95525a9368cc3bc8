import { useCallback, useRef } from 'react';

// getRandomValues works on plain http too (randomUUID needs a secure context): 128 bits as hex.
const newKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * One idempotency key per movement the member means (issue 4, house rules): the same key for
 * the same intent, so a double click or a retry after a time-out moves the money once; a new
 * key once the intent changes (other fields) or once the movement is done.
 */
export const useIdempotencyKey = () => {
  const current = useRef<{ intent: string; key: string } | null>(null);
  const keyFor = useCallback((intent: string): string => {
    if (current.current?.intent !== intent) current.current = { intent, key: newKey() };
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, done };
};
