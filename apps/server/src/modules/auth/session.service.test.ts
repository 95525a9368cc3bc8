// Proves that a burst of calls with one token (a page's parallel requests, a busy member) asks
// the database once for the session, not once per call, while the kept session is fresh.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { loginAs } from '../../testing/index.ts';
import { authenticate, policyOf } from './session.service.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const world = useTestApp();

/** The same database (and so the same session cache), counting single-row reads. */
const countingReads = (db: Db) => {
  const counter = { reads: 0 };
  const counted = new Proxy(db, {
    get: (target, property) => {
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'maybeOne' && typeof value === 'function') {
        return (...args: unknown[]) => {
          counter.reads += 1;
          return Reflect.apply(value, target, args) as unknown;
        };
      }
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
  return { counted, counter };
};

describe('authenticate', () => {
  it('reads a session once for a burst of concurrent calls, then from memory', async () => {
    const { token } = await loginAs(world.app, { username: 'demo_member', password: 'Demo@12345' });
    const merchant = await world.db.one<{ id: number }>(
      `SELECT id FROM merchants WHERE code = 'lanna'`,
    );
    const { counted, counter } = countingReads(world.db);
    const policy = policyOf(world.app.config);
    const burst = () =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          authenticate(counted, policy, token, merchant.id, world.app.clock()),
        ),
      );
    const first = await burst();
    expect(first.every((member) => member?.username === 'demo_member')).toBe(true);
    expect(counter.reads).toBe(1);
    await burst();
    expect(counter.reads).toBe(1);
  });
});
