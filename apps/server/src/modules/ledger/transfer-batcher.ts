import type { Db } from '../../db/client.ts';
import { postTransfers, type PostOptions } from './ledger.service.ts';
import type { PostedTransfer, TransferOutcome, TransferRequest } from './ledger.types.ts';

/**
 * Group commit for the ledger (decision 007, Batching). One database transaction per transfer
 * pays a commit (a WAL flush) per transfer and serialises every transfer on a hot house
 * account's row lock. The batcher gathers the posts that arrive while a batch is being written
 * (and, when idle, those made in the same turn of the event loop, or for `windowMs` when set)
 * and writes them with one `postTransfers` call: one
 * transaction, one lock per account, one flush, each transfer still accepted or refused on
 * its own. Only for posts that need no other write in the same transaction: a caller that
 * must write its own rows atomically with the transfer calls `postTransfers` inside its
 * transaction instead.
 */
export type TransferBatcher = {
  /** Posts one transfer in the next batch; a refusal rejects with its AppError. */
  post(request: TransferRequest): Promise<PostedTransfer>;
  /** Writes everything queued and waits for it. */
  flush(): Promise<void>;
  /** Flushes, then refuses new posts. */
  close(): Promise<void>;
};

export type BatcherOptions = Omit<PostOptions, 'now'> & {
  /**
   * How long an idle batcher waits for company before writing a lone post. 0 (the default)
   * waits only for the rest of the current event-loop turn: callers answered by one batch post
   * again in that turn and share the next, and a lone post pays no timer.
   */
  windowMs?: number;
  /** The most transfers in one batch. */
  maxBatch?: number;
  /** Posts waiting beyond this are refused at once, so a stalled database cannot eat memory. */
  maxQueue?: number;
  /** The time written on each batch's transfers. */
  clock?: () => Date;
  /** Told each batch's size (tests and metrics). */
  onBatch?: (size: number) => void;
};

type Waiting = {
  request: TransferRequest;
  resolve: (outcome: TransferOutcome) => void;
  reject: (error: unknown) => void;
};

const DEFAULTS = { windowMs: 0, maxBatch: 500, maxQueue: 20_000 };

export const createTransferBatcher = (db: Db, options: BatcherOptions = {}): TransferBatcher => {
  const { windowMs, maxBatch, maxQueue } = { ...DEFAULTS, ...options };
  const clock = options.clock ?? (() => new Date());
  const postOptions = (): PostOptions => ({
    ...(options.events ? { events: options.events } : {}),
    now: clock(),
  });
  const queue: Waiting[] = [];
  let inFlight: Promise<void> | null = null;
  let cancelWait: (() => void) | null = null;
  let closed = false;

  const writeBatch = async (batch: Waiting[]): Promise<void> => {
    options.onBatch?.(batch.length);
    try {
      const outcomes = await postTransfers(
        db,
        batch.map((item) => item.request),
        postOptions(),
      );
      batch.forEach((item, index) => {
        const outcome = outcomes[index];
        if (outcome) item.resolve(outcome);
        else item.reject(new Error('the batch answered fewer outcomes than it was given'));
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  };

  // While one batch is written the next one gathers: under load the window costs nothing.
  const drain = (): void => {
    cancelWait?.();
    cancelWait = null;
    if (inFlight || queue.length === 0) return;
    inFlight = writeBatch(queue.splice(0, maxBatch)).finally(() => {
      inFlight = null;
      drain();
    });
  };

  const schedule = (): void => {
    if (inFlight || cancelWait) return;
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

  const post = (request: TransferRequest): Promise<PostedTransfer> => {
    if (closed) return Promise.reject(new Error('the transfer batcher is closed'));
    if (queue.length >= maxQueue)
      return Promise.reject(new Error(`the transfer batcher holds ${maxQueue} posts already`));
    const outcome = new Promise<TransferOutcome>((resolve, reject) => {
      queue.push({ request, resolve, reject });
    });
    schedule();
    return outcome.then((result) => {
      if (!result.ok) throw result.error;
      return result.transfer;
    });
  };

  const flush = async (): Promise<void> => {
    // Bounded: each round writes at least one batch, and the queue holds at most maxQueue.
    for (let round = 0; round <= maxQueue && (inFlight || queue.length > 0); round += 1) {
      drain();
      await inFlight;
    }
  };

  return {
    post,
    flush,
    close: async () => {
      closed = true;
      await flush();
    },
  };
};
