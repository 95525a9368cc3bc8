// The group commit queue: calls made together share one batch and each gets its own outcome;
// an item the batch puts off is written by the next batch; a batch that
// fails rejects only its own items; a batch that hands over lets the next one read while it
// writes, yet writes stay one at a time and in order; a closed queue writes what it holds and
// refuses more.
import { describe, expect, it } from 'vitest';
import { createGroupCommit, type ItemOutcome } from './group-commit.ts';

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, message: (error as Error).message }),
  );

/** A batch writer answering on the next tick, as a database would. */
const answering =
  <I, O>(decide: (batch: readonly I[]) => ItemOutcome<O>[]) =>
  (batch: readonly I[]) =>
    Promise.resolve().then(() => decide(batch));

describe('the group commit queue', () => {
  it('writes calls made together in one batch and answers each its own outcome', async () => {
    const batches: number[][] = [];
    const queue = createGroupCommit<number, number>(
      answering((batch) => {
        batches.push([...batch]);
        return batch.map((item): ItemOutcome<number> =>
          item < 0
            ? { ok: false, error: new Error(`refused ${item}`) }
            : { ok: true, value: item * 10 },
        );
      }),
    );
    const outcomes = await Promise.all([1, -2, 3].map((item) => settle(queue.submit(item))));
    expect(batches).toEqual([[1, -2, 3]]);
    expect(outcomes).toEqual([
      { ok: true, value: 10 },
      { ok: false, message: 'refused -2' },
      { ok: true, value: 30 },
    ]);
  });

  it('writes an item put off by its batch in the next one', async () => {
    const batches: string[][] = [];
    const queue = createGroupCommit<string, string>(
      answering((batch) => {
        batches.push([...batch]);
        const seen = new Set<string>();
        return batch.map((item): ItemOutcome<string> => {
          if (seen.has(item)) return 'later';
          seen.add(item);
          return { ok: true, value: `${item}${batches.length}` };
        });
      }),
    );
    const first = Promise.all(['a', 'b', 'a'].map((item) => queue.submit(item)));
    const late = queue.submit('c');
    expect(await first).toEqual(['a1', 'b1', 'a2']);
    expect(await late).toBe('c1');
    expect(batches).toEqual([['a', 'b', 'a', 'c'], ['a']]);
  });

  it('rejects only the items of a batch that fails, and goes on with the next', async () => {
    let calls = 0;
    const queue = createGroupCommit<number, number>(
      answering((batch) => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
        return batch.map((item): ItemOutcome<number> => ({ ok: true, value: item }));
      }),
    );
    const failed = await settle(queue.submit(1));
    const next = await settle(queue.submit(2));
    expect(failed).toEqual({ ok: false, message: 'database gone' });
    expect(next).toEqual({ ok: true, value: 2 });
  });

  it('lets the next batch read while one writes after handing over, and writes in turn', async () => {
    const log: string[] = [];
    const gates = new Map<number, () => void>();
    const queue = createGroupCommit<number, number>(async (batch, turn) => {
      const name = batch.join('+');
      log.push(`read ${name}`);
      await turn.handOver();
      log.push(`write ${name}`);
      await new Promise<void>((open) => gates.set(batch[0] ?? 0, open));
      log.push(`done ${name}`);
      return batch.map((item): ItemOutcome<number> => ({ ok: true, value: item }));
    });
    // A few turns of the event loop: long enough for every step the queue takes on its own.
    const ticks = async () => {
      for (let turn = 0; turn < 5; turn += 1) await new Promise((done) => setImmediate(done));
    };
    const first = queue.submit(1);
    await ticks();
    const second = queue.submit(2);
    await ticks();
    const third = queue.submit(3);
    const fourth = queue.submit(4);
    await ticks();
    expect(log).toEqual(['read 1', 'write 1', 'read 2']);
    gates.get(1)?.();
    expect(await first).toBe(1);
    await ticks();
    expect(log).toEqual(['read 1', 'write 1', 'read 2', 'done 1', 'write 2', 'read 3+4']);
    gates.get(2)?.();
    await ticks();
    gates.get(3)?.();
    expect(await Promise.all([second, third, fourth])).toEqual([2, 3, 4]);
    expect(log.slice(6)).toEqual(['done 2', 'write 3+4', 'done 3+4']);
  });

  it('writes what it holds when closed, then refuses', async () => {
    const written: number[] = [];
    const queue = createGroupCommit<number, number>(
      answering((batch) => {
        written.push(...batch);
        return batch.map((item): ItemOutcome<number> => ({ ok: true, value: item }));
      }),
    );
    const pending = queue.submit(7);
    await queue.close();
    expect(await pending).toBe(7);
    expect(written).toEqual([7]);
    await expect(queue.submit(8)).rejects.toThrow('closed');
  });
});
