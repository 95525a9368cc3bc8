// Proves the transaction helpers money code relies on, on the engine under test: after-commit
// callbacks run once the outermost transaction commits and never after a rollback, and a
// transaction is retried a bounded number of times on deadlocks and serialization failures,
// and only by the caller that owns it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../testing/index.ts';
import { retryTransaction } from './retry.ts';

let testDb: TestDb;

beforeAll(async () => {
  testDb = await openTestDb();
});

afterAll(async () => {
  await testDb.close();
});

const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

describe('after-commit callbacks', () => {
  it('run after the outermost commit, in order, and not after a rollback', async () => {
    const calls: string[] = [];
    await testDb.db.transaction(async (tx) => {
      tx.afterCommit(() => calls.push('outer'));
      await tx.transaction(async (nested) => {
        expect(nested.inTransaction).toBe(true);
        nested.afterCommit(() => calls.push('nested'));
        await nested.query('SELECT 1');
      });
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual(['outer', 'nested']);
    await expect(
      testDb.db.transaction(async (tx) => {
        tx.afterCommit(() => calls.push('rolled back'));
        await tx.query('SELECT 1');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    testDb.db.afterCommit(() => calls.push('outside'));
    expect(calls).toEqual(['outer', 'nested', 'outside']);
  });
});

describe('retryTransaction', () => {
  it('runs again after a deadlock or a serialization failure, up to its bound', async () => {
    let runs = 0;
    const result = await retryTransaction(testDb.db, async (tx) => {
      runs += 1;
      if (runs < 3) throw sqlError(runs === 1 ? '40P01' : '40001');
      return (await tx.one<{ n: number }>('SELECT 1 AS n')).n;
    });
    expect({ result, runs }).toEqual({ result: 1, runs: 3 });
    let hopeless = 0;
    await expect(
      retryTransaction(
        testDb.db,
        () => {
          hopeless += 1;
          return Promise.reject(sqlError('40001'));
        },
        { attempts: 4 },
      ),
    ).rejects.toThrow('40001');
    expect(hopeless).toBe(4);
  });

  it('does not retry other failures, nor inside a transaction it does not own', async () => {
    let runs = 0;
    const failing = () => {
      runs += 1;
      return Promise.reject(sqlError('23505'));
    };
    await expect(retryTransaction(testDb.db, failing)).rejects.toThrow('23505');
    await expect(
      testDb.db.transaction((tx) =>
        retryTransaction(tx, () => {
          runs += 1;
          return Promise.reject(sqlError('40P01'));
        }),
      ),
    ).rejects.toThrow('40P01');
    expect(runs).toBe(2);
  });
});
