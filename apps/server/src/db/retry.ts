import { randomInt } from 'node:crypto';
import type { Db } from './client.ts';

/**
 * SQLSTATEs after which the whole transaction may simply run again: a serialization failure
 * and a deadlock victim (PostgreSQL docs 13.5; reliability checklist A7). Both roll back
 * everything, so a retry has no partial effect to undo.
 */
const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40001', '40P01']);

export const sqlStateOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

export type RetryOptions = {
  /** Runs in all, first one included; a bound, never a loop until success. */
  attempts?: number;
  /** Another failure that a fresh run resolves (a unique key another transaction just took). */
  alsoRetry?: (error: unknown) => boolean;
};

const DEFAULT_ATTEMPTS = 5;
// Jitter keeps two victims of the same deadlock from colliding again at once.
const BASE_DELAY_MS = 2;

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, randomInt(BASE_DELAY_MS << attempt) + 1));

/**
 * Runs `run` again, a bounded number of times, when it fails in a way a fresh run can resolve:
 * for a unit of work that is its own transaction (one statement outside a transaction, or a
 * whole `db.transaction`), so a failure left nothing behind.
 */
export const retrying = async <T>(
  run: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> => {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const retryable =
        RETRYABLE_SQLSTATES.has(sqlStateOf(error) ?? '') || options.alsoRetry?.(error) === true;
      if (!retryable || attempt >= attempts) throw error;
      await pause(attempt);
    }
  }
};

/**
 * Runs `fn` in a transaction and runs it again, a bounded number of times, when it fails in a
 * way a fresh run can resolve. Inside a transaction the caller opened there is nothing to
 * retry (the failure aborted the caller's transaction too): `fn` joins it and a failure
 * propagates for the outermost caller to retry.
 */
export const retryTransaction = <T>(
  db: Db,
  fn: (tx: Db) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> =>
  db.inTransaction ? db.transaction(fn) : retrying(() => db.transaction(fn), options);
