import type { Db } from '../../db/client.ts';
import { createGroupCommit, type GroupCommitOptions } from '../../shared/group-commit.ts';
import { postTransfers, type PostOptions } from './ledger.service.ts';
import type { PostedTransfer, TransferOutcome, TransferRequest } from './ledger.types.ts';

/**
 * Group commit for the ledger (decision 007, Batching). One database transaction per transfer
 * pays a commit (a WAL flush) per transfer and serialises every transfer on a hot house
 * account's row lock. The batcher gathers concurrent posts (shared/group-commit.ts) and writes
 * each batch with one `postTransfers` call: one transaction, one lock per account, one flush,
 * each transfer still accepted or refused on its own. Only for posts that need no other write in the same transaction: a caller that
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

export type BatcherOptions = Omit<PostOptions, 'now'> &
  GroupCommitOptions & {
    /** The time written on each batch's transfers. */
    clock?: () => Date;
  };

export const createTransferBatcher = (db: Db, options: BatcherOptions = {}): TransferBatcher => {
  const clock = options.clock ?? (() => new Date());
  const queue = createGroupCommit<TransferRequest, TransferOutcome>(
    async (batch) =>
      (
        await postTransfers(db, batch, {
          ...(options.events ? { events: options.events } : {}),
          now: clock(),
        })
      ).map((outcome) => ({ ok: true, value: outcome })),
    options,
  );
  return {
    post: async (request) => {
      const outcome = await queue.submit(request);
      if (!outcome.ok) throw outcome.error;
      return outcome.transfer;
    },
    flush: queue.flush,
    close: queue.close,
  };
};
