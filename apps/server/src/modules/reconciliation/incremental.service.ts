import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import {
  advanceMark,
  countEntriesAfter,
  findHead,
  findLedgerFindingsAfter,
  findMark,
  findRoundMismatchesAfter,
  writersBeforeFinished,
  type LedgerFindingRow,
  type MarkRow,
} from './incremental.repository.ts';
import type { RoundMismatchRow } from './reconciliation.repository.ts';

// Ledger writes are one short statement each (ledger_post); a writer still open after this
// long is stuck, and the run checks what it sees without moving the mark past it.
const WAIT_FOR_WRITERS_MS = 5_000;
const WAIT_STEP_MS = 20;

export type IncrementalCheck = {
  ledger: LedgerFindingRow[];
  rounds: RoundMismatchRow[];
  entriesChecked: number;
  /** Moves the mark once the run is recorded, when it found nothing. */
  advance: (tx: Db, runId: string) => Promise<void>;
};

/**
 * The newest entry and round ids below which nothing more can appear, or null when a writer
 * did not finish in time.
 *
 * Why not simply the newest id seen: ids are drawn when a row is written and become visible
 * when its transaction commits, so a transaction holding a lower id may commit after one
 * holding a higher id; a mark moved to the higher id would skip the lower one for ever. So
 * the head is read with its snapshot's xmax, the first transaction id not yet started, and
 * the run waits until every transaction below it has ended. Every entry id up to the head was
 * drawn before that snapshot by a transaction that already had its id: ledger_post locks its
 * accounts (which gives the transaction an id) before it inserts entries, a round is written
 * by the same transaction as its bet, and identity sequences hand out ids in order across
 * sessions (CACHE 1). An id drawn after the snapshot is above the head. Once those
 * transactions have ended, every row up to the head is committed or never will be, and the
 * checks that follow read them. The wait is as long as the slowest ledger write then in
 * flight: milliseconds. On PGlite (one connection) nothing is ever in flight.
 */
const findSettledHead = async (tx: Db): Promise<MarkRow | null> => {
  const head = await findHead(tx);
  for (let waitedMs = 0; waitedMs < WAIT_FOR_WRITERS_MS; waitedMs += WAIT_STEP_MS) {
    if (await writersBeforeFinished(tx, head.xmax)) return head;
    await sleep(WAIT_STEP_MS);
  }
  return null;
};

/**
 * The reconciliation's checks over what is new since the last verified point (issue 21 item
 * 7): every transfer with a new entry balances, every merchant's new entries sum to zero, every
 * account with new entries has its verified sum plus those entries as its balance, and that
 * balance after its latest entry, and no member below zero; every round the new entries moved
 * money for, or opened since the mark, has the totals the ledger moved. What an older row
 * breaks behind the ledger's back (a balance edited on an account that has not moved since)
 * is for the full check. Runs inside the job's transaction, under its lock.
 */
export const checkSinceMark = async (tx: Db, limit: number): Promise<IncrementalCheck> => {
  const settled = await findSettledHead(tx);
  const mark = await findMark(tx);
  const ledger = await findLedgerFindingsAfter(tx, mark.entry_id, limit);
  const rounds = await findRoundMismatchesAfter(tx, mark, limit);
  const entriesChecked = await countEntriesAfter(tx, mark.entry_id);
  return {
    ledger,
    rounds,
    entriesChecked,
    advance: async (runTx, runId) => {
      if (settled) await advanceMark(runTx, mark, settled, runId);
    },
  };
};
