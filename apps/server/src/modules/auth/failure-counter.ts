import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { REDIS_KEY_PREFIX } from '../../plugins/redis.ts';
import * as repository from './login-failures.repository.ts';
import type { AttemptKey } from './login-failures.repository.ts';

export type { AttemptKey } from './login-failures.repository.ts';

/** One count after an attempt was counted, with the time of the counted attempt before it. */
export type Tally = { failures: number; previousAt: Date | null };

/** The counts an attempt sees once it is counted: it is included in each. */
export type Tallies = { account: Tally; accountFromIp: Tally; ip: Tally };

/**
 * Failed sign-ins, counted atomically (decision 014): an attempt is counted before its password
 * is checked, so parallel guesses each see the ones before them. A count lapses after
 * `windowMs` without an attempt on its key.
 */
export type FailureCounter = {
  kind: 'database' | 'redis';
  /** Counts an attempt on the account, on the account from the address, and from the address. */
  count: (key: AttemptKey, at: Date, windowMs: number) => Promise<Tallies>;
  /** Takes back a counted attempt that turned out to be no guess (refused before any check). */
  uncount: (key: AttemptKey) => Promise<void>;
  /** A right password: the account's counts go, and the address's takes back this attempt. */
  clearAccount: (key: AttemptKey, at: Date) => Promise<void>;
};

const talliesOf = (find: (scope: keyof Tallies) => Tally | undefined): Tallies => {
  const tally = (scope: keyof Tallies): Tally => {
    const found = find(scope);
    if (!found) throw new Error(`login failure count ${scope} missing`);
    return found;
  };
  return { account: tally('account'), accountFromIp: tally('accountFromIp'), ip: tally('ip') };
};

/** The default: one upsert statement on `login_failures` (migration 025), shared by nodes on one database. */
export const databaseFailureCounter = (db: Db): FailureCounter => ({
  kind: 'database',
  count: async (key, at, windowMs) => {
    const rows = await repository.countAttempt(db, key, {
      at,
      expiresAt: new Date(at.getTime() + windowMs),
    });
    const scopeOf = (row: repository.FailureRow): keyof Tallies =>
      row.ip === '' ? 'account' : row.username_key === '' ? 'ip' : 'accountFromIp';
    return talliesOf((scope) => {
      const row = rows.find((candidate) => scopeOf(candidate) === scope);
      return row && { failures: row.failures, previousAt: row.previous_at };
    });
  },
  uncount: async (key) => {
    await repository.uncountAttempt(db, key);
  },
  clearAccount: async (key, at) => {
    await repository.clearAccount(db, key);
    await repository.deleteExpired(db, at);
  },
});

// KEYS: account, account from the address, address, the account's set of addresses.
// ARGV: the attempt's time (ms), the window (ms), the address. Each key is a hash of the count
// (n) and the last attempt's time (at); the answer is each count and the time before it.
const COUNT_SCRIPT = `
local answer = {}
for i = 1, 3 do
  local previous = redis.call('HGET', KEYS[i], 'at')
  answer[#answer + 1] = redis.call('HINCRBY', KEYS[i], 'n', 1)
  answer[#answer + 1] = previous or ''
  redis.call('HSET', KEYS[i], 'at', ARGV[1])
  redis.call('PEXPIRE', KEYS[i], ARGV[2])
end
redis.call('SADD', KEYS[4], ARGV[3])
redis.call('PEXPIRE', KEYS[4], ARGV[2])
return answer
`;

// KEYS: the counts to take one from, never below zero.
const UNCOUNT_SCRIPT = `
for i = 1, #KEYS do
  if tonumber(redis.call('HGET', KEYS[i], 'n') or '0') > 0 then
    redis.call('HINCRBY', KEYS[i], 'n', -1)
  end
end
`;

// KEYS: account, the account's set of addresses, address. ARGV: the prefix of the account's
// per-address keys (each address of the set completes one).
const CLEAR_SCRIPT = `
for _, address in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  redis.call('DEL', ARGV[1] .. address)
end
redis.call('DEL', KEYS[1], KEYS[2])
if tonumber(redis.call('HGET', KEYS[3], 'n') or '0') > 0 then
  redis.call('HINCRBY', KEYS[3], 'n', -1)
end
`;

const keysOf = (prefix: string, key: AttemptKey) => {
  const account = `${prefix}${key.merchantId}:u:${encodeURIComponent(key.usernameKey)}`;
  return {
    account,
    accountFromIpPrefix: `${account}:ip:`,
    accountFromIp: `${account}:ip:${key.ip}`,
    accountAddresses: `${account}:ips`,
    ip: `${prefix}${key.merchantId}:ip:${key.ip}`,
  };
};

const tallyOf = (failures: unknown, previousMs: unknown): Tally => ({
  failures: Number(failures),
  previousAt: previousMs === '' ? null : new Date(Number(previousMs)),
});

/**
 * Several nodes without one database between their throttles (REDIS_URL): each step is one Lua
 * script, which Redis runs alone. Windows run on Redis's clock (PEXPIRE), not the app's.
 */
export const redisFailureCounter = (redis: Redis, prefix: string): FailureCounter => ({
  kind: 'redis',
  count: async (key, at, windowMs) => {
    const keys = keysOf(prefix, key);
    const answer = (await redis.eval(
      COUNT_SCRIPT,
      4,
      keys.account,
      keys.accountFromIp,
      keys.ip,
      keys.accountAddresses,
      at.getTime(),
      windowMs,
      key.ip,
    )) as unknown[];
    const [account, accountFromIp, ip] = [0, 2, 4].map((i) => tallyOf(answer[i], answer[i + 1]));
    return talliesOf((scope) => ({ account, accountFromIp, ip })[scope]);
  },
  uncount: async (key) => {
    const keys = keysOf(prefix, key);
    await redis.eval(UNCOUNT_SCRIPT, 3, keys.account, keys.accountFromIp, keys.ip);
  },
  clearAccount: async (key) => {
    const keys = keysOf(prefix, key);
    await redis.eval(
      CLEAR_SCRIPT,
      3,
      keys.account,
      keys.accountAddresses,
      keys.ip,
      keys.accountFromIpPrefix,
    );
  },
});

/** Chosen once when the app is built: Redis when the nodes share one, else the database. */
export const failureCounterOf = (app: { db: Db; redis: Redis | null }): FailureCounter =>
  app.redis
    ? redisFailureCounter(app.redis, `${REDIS_KEY_PREFIX}login-failures:`)
    : databaseFailureCounter(app.db);
