/**
 * Group commit (decision 007, Batching): calls that arrive while a batch is being written wait
 * together and are written by the next one, so a commit (a WAL flush) and each statement's
 * fixed cost are paid per batch instead of per call. When idle, a batch gathers the calls made
 * in the same turn of the event loop (or for `windowMs` when set): a lone call pays no timer.
 * One batch writes at a time, so batches never wait for each other's row locks. A batch whose
 * work starts with reads that lock nothing may hand over (`Turn`): the next batch then gathers
 * and reads while this one writes, and writes once this one is done.
 */
export type GroupCommit<I, O> = {
  /** Queues one item for the next batch and answers its outcome. */
  submit: (item: I) => Promise<O>;
  /** Writes everything queued and waits for it. */
  flush: () => Promise<void>;
  /** Flushes, then refuses new items. */
  close: () => Promise<void>;
};

/**
 * How a batch answers one of its items: a value, an error for that item alone, or `later` for
 * an item the batch could not take with the others (it goes back to the head of the queue).
 */
export type ItemOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown } | 'later';

export type GroupCommitOptions = {
  /** How long an idle queue waits for company; 0 waits only for the current event-loop turn. */
  windowMs?: number;
  /** The most items in one batch. */
  maxBatch?: number;
  /** Items waiting beyond this are refused at once, so a stalled database cannot eat memory. */
  maxQueue?: number;
  /** Told each batch's size (tests and metrics). */
  onBatch?: (size: number) => void;
};

type Waiting<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };

/**
 * A batch's place in the queue. `handOver` ends the part of the batch that may overlap the
 * batch before it (reads that lock nothing): it resolves once that batch is done, so writes
 * stay one at a time and in order, and from then on the next batch may gather and read.
 * Calling it again returns at once.
 */
export type Turn = { handOver: () => Promise<void> };

const DEFAULTS = { windowMs: 0, maxBatch: 500, maxQueue: 20_000 };

/**
 * A queue whose batches `write` answers, one outcome per item in order. A batch that throws
 * rejects all its items with that error.
 */
export const createGroupCommit = <I, O>(
  write: (batch: readonly I[], turn: Turn) => Promise<readonly ItemOutcome<O>[]>,
  options: GroupCommitOptions = {},
): GroupCommit<I, O> => {
  const { windowMs, maxBatch, maxQueue } = { ...DEFAULTS, ...options };
  const queue: Waiting<I, O>[] = [];
  // Batches started and not done: at most two, one writing and one reading after it.
  let inFlight = 0;
  // Whether the next batch may start: no batch is in flight, or the last one has handed over.
  let open = true;
  // Resolves when the last batch started is done.
  let lastDone: Promise<void> = Promise.resolve();
  let cancelWait: (() => void) | null = null;
  let closed = false;

  const writeBatch = async (batch: Waiting<I, O>[], turn: Turn): Promise<void> => {
    options.onBatch?.(batch.length);
    try {
      const outcomes = await write(
        batch.map((waiting) => waiting.item),
        turn,
      );
      const later: Waiting<I, O>[] = [];
      batch.forEach((waiting, index) => {
        const outcome = outcomes[index];
        if (outcome === undefined)
          waiting.reject(new Error('the batch answered fewer outcomes than it was given'));
        else if (outcome === 'later') later.push(waiting);
        else if (outcome.ok) waiting.resolve(outcome.value);
        else waiting.reject(outcome.error);
      });
      if (later.length === batch.length) throw new Error('a batch put off every item it was given');
      queue.unshift(...later);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  };

  // While one batch is written the next one gathers: under load the window costs nothing.
  const drain = (): void => {
    cancelWait?.();
    cancelWait = null;
    if (!open || queue.length === 0) return;
    open = false;
    const before = lastDone;
    let handedOver = false;
    const turn: Turn = {
      handOver: async () => {
        if (handedOver) return;
        handedOver = true;
        await before;
        open = true;
        schedule();
      },
    };
    inFlight += 1;
    const done = writeBatch(queue.splice(0, maxBatch), turn).finally(() => {
      inFlight -= 1;
      // A batch that never handed over held the queue to its end.
      if (!handedOver) open = true;
      drain();
    });
    lastDone = before.then(() => done);
  };

  const schedule = (): void => {
    if (!open || cancelWait) return;
    if (queue.length >= maxBatch) {
      drain();
    } else if (windowMs > 0) {
      const timer = setTimeout(drain, windowMs);
      cancelWait = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(drain);
      cancelWait = () => clearImmediate(immediate);
    }
  };

  const submit = (item: I): Promise<O> => {
    if (closed) return Promise.reject(new Error('the group commit queue is closed'));
    if (queue.length >= maxQueue)
      return Promise.reject(new Error(`the group commit queue holds ${maxQueue} items already`));
    const outcome = new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
    });
    schedule();
    return outcome;
  };

  const flush = async (): Promise<void> => {
    // Bounded: each round writes at least one item, and the queue holds at most maxQueue.
    for (let round = 0; round <= maxQueue && (inFlight > 0 || queue.length > 0); round += 1) {
      drain();
      await lastDone;
    }
  };

  return {
    submit,
    flush,
    close: async () => {
      closed = true;
      await flush();
    },
  };
};
