// Proves the database chores on the engine under test (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): migrations are recorded and run once, the seed is idempotent and carries
// the demo accounts with verifiable password hashes, and the schema refuses bad rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../shared/password.ts';
import { DEMO_ACCOUNTS, openTestDb, type TestDb } from '../testing/index.ts';
import { migrate, readMigrations } from './migrate.ts';
import { seed } from './seed/index.ts';

let testDb: TestDb;

beforeAll(async () => {
  testDb = await openTestDb();
});

afterAll(async () => {
  await testDb.close();
});

const counts = async () =>
  testDb.db.one<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM merchants) AS merchants,
            (SELECT count(*)::int FROM merchant_domains) AS domains,
            (SELECT count(*)::int FROM vendors) AS vendors,
            (SELECT count(*)::int FROM merchant_vendors) AS merchant_vendors,
            (SELECT count(*)::int FROM banners) AS banners,
            (SELECT count(*)::int FROM notices) AS notices,
            (SELECT count(*)::int FROM members) AS members`,
  );

describe('statements on PostgreSQL', () => {
  it.skipIf(process.env.TEST_DATABASE_URL === undefined || process.env.TEST_DATABASE_URL === '')(
    'prepares a statement on its connection once it is used again and again',
    async () => {
      const sql = 'SELECT $1::int + 1 AS next';
      const prepared = await testDb.db.transaction(async (tx) => {
        const answers = [];
        for (let n = 0; n < 4; n += 1) answers.push(await tx.one<{ next: number }>(sql, [n]));
        expect(answers.map((answer) => answer.next)).toEqual([1, 2, 3, 4]);
        return tx.query<{ name: string }>(
          'SELECT name FROM pg_prepared_statements WHERE statement = $1',
          [sql],
        );
      });
      expect(prepared).toEqual([{ name: expect.stringMatching(/^lanna_\d+$/) as unknown }]);
    },
  );
});

describe('migrations', () => {
  it('records every migration once and applies nothing the second time', async () => {
    const rows = await testDb.db.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_version ORDER BY version',
    );
    const files = await readMigrations();
    expect(rows).toEqual(files.map(({ version, name }) => ({ version, name })));
    expect(await migrate(testDb.db)).toEqual([]);
  });
});

describe('seed', () => {
  it('adds nothing when run again', async () => {
    const before = await counts();
    await seed(testDb.db);
    expect(await counts()).toEqual(before);
    expect(before).toMatchObject({ merchants: 2, vendors: 36, members: DEMO_ACCOUNTS.length });
  });

  it('stores the demo accounts with argon2id hashes of their passwords', async () => {
    const rows = await testDb.db.query<{
      code: string;
      username: string;
      type: number;
      password_hash: string;
    }>(
      `SELECT m.code, u.username, u.type, u.password_hash FROM members u
       JOIN merchants m ON m.id = u.merchant_id ORDER BY m.code, u.username`,
    );
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find(
        (r) => r.code === account.merchantCode && r.username === account.username,
      );
      expect(row?.type).toBe(account.type);
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(account.password, row?.password_hash ?? '')).toBe(true);
    }
  });
});

describe('rows', () => {
  it('read int8 and numeric as exact strings and a date as its calendar day, on both engines', async () => {
    const row = await testDb.db.one<Record<string, unknown>>(
      `SELECT 9007199254740993::int8 AS big, 5::int8 AS small, 12.50::numeric AS amount,
         '2026-11-22'::date AS day, (SELECT count(*) FROM merchants) AS merchants, 7::int AS plain`,
    );
    expect(row).toEqual({
      big: '9007199254740993',
      small: '5',
      amount: '12.50',
      day: '2026-11-22',
      merchants: expect.stringMatching(/^[0-9]+$/) as string,
      plain: 7,
    });
    const inside = await testDb.db.transaction((tx) =>
      tx.one<{ n: unknown }>('SELECT 5::int8 AS n'),
    );
    expect(inside.n).toBe('5');
  });
});

describe('schema', () => {
  it('refuses a second member with the same name in another letter case', async () => {
    await expect(
      testDb.db.query(
        `INSERT INTO members (merchant_id, username, password_hash, type)
         SELECT id, 'DEMO_MEMBER', 'x', 0 FROM merchants WHERE code = 'lanna'`,
      ),
    ).rejects.toThrow();
  });

  it('refuses a domain that two merchants would share', async () => {
    await expect(
      testDb.db.query(
        `INSERT INTO merchant_domains (merchant_id, domain) SELECT id, 'localhost' FROM merchants WHERE code = 'siam'`,
      ),
    ).rejects.toThrow();
  });

  it('rolls back every statement of a failed transaction', async () => {
    const before = await counts();
    await expect(
      testDb.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO vendors (code, category, display_name) VALUES ('ROLLBACK', 'RNG', 'x')`,
        );
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await counts()).toEqual(before);
  });
});
