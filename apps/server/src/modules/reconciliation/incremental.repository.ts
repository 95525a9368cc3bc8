import type { Db } from '../../db/client.ts';
import type { RoundMismatchRow } from './reconciliation.repository.ts';

/** The last verified point (migration 026): entries and rounds up to these ids were checked. */
export type MarkRow = { entry_id: string; round_id: string };

/**
 * The newest ledger entry and vendor round this statement sees, and the first transaction id
 * not yet started when it ran (the snapshot's xmax, as text).
 */
export type HeadRow = { entry_id: string; round_id: string; xmax: string };

export type LedgerFindingRow = { rule: string; subject: string; found: string; expected: string };

export const findMark = (db: Db) =>
  db.one<MarkRow>(
    'SELECT entry_id::text, round_id::text FROM reconciliation_mark WHERE single FOR UPDATE',
  );

export const findHead = (db: Db) =>
  db.one<HeadRow>(
    `SELECT (SELECT coalesce(max(id), 0) FROM ledger_entries)::text AS entry_id,
       (SELECT coalesce(max(id), 0) FROM vendor_rounds)::text AS round_id,
       pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`,
  );

/** True when every transaction that had started before `xmax` has committed or rolled back. */
export const writersBeforeFinished = async (db: Db, xmax: string): Promise<boolean> =>
  (
    await db.one<{ finished: boolean }>(
      'SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS finished',
      [xmax],
    )
  ).finished;

export const countEntriesAfter = async (db: Db, entryId: string): Promise<number> =>
  (
    await db.one<{ entries: number }>(
      'SELECT count(*)::int AS entries FROM ledger_entries WHERE id > $1',
      [entryId],
    )
  ).entries;

// The ledger's rules (invariants.repository.ts) over what is new since the mark, in one
// statement so that balances and entries are read in one snapshot. An account's sum is its
// verified sum at the mark plus its new entries; a transfer with a new entry is summed whole,
// through its index, so an entry added to an old transfer is seen too. The transfer sums are
// LATERAL so that each stays one index probe, whatever the planner guesses of the new rows.
const LEDGER_FINDINGS_SQL = `
  WITH fresh AS MATERIALIZED (
    SELECT id, merchant_id, transfer_id, account_id, amount_minor
    FROM ledger_entries WHERE id > $1
  ), touched AS MATERIALIZED (
    SELECT f.account_id, a.owner, a.balance_minor,
      coalesce(v.sum_minor, 0) + f.moved_minor AS sum_minor, last.balance_after_minor
    FROM (SELECT account_id, sum(amount_minor) AS moved_minor, max(id) AS last_id
          FROM fresh GROUP BY account_id) f
    JOIN ledger_accounts a ON a.id = f.account_id
    JOIN ledger_entries last ON last.id = f.last_id
    LEFT JOIN reconciliation_account_sums v ON v.account_id = f.account_id
  )
  SELECT 'merchant_unbalanced' AS rule, merchant_id::text AS subject,
    sum(amount_minor)::text AS found, '0' AS expected
  FROM fresh GROUP BY merchant_id HAVING sum(amount_minor) <> 0
  UNION ALL
  SELECT 'transfer_unbalanced', d.transfer_id::text, s.total::text, '0'
  FROM (SELECT DISTINCT transfer_id FROM fresh) d,
    LATERAL (SELECT sum(amount_minor) AS total FROM ledger_entries e
             WHERE e.transfer_id = d.transfer_id) s
  WHERE s.total <> 0
  UNION ALL
  SELECT 'balance_not_sum_of_entries', account_id::text, balance_minor::text, sum_minor::text
  FROM touched WHERE balance_minor <> sum_minor
  UNION ALL
  SELECT 'balance_not_last_balance_after', account_id::text, balance_minor::text,
    balance_after_minor::text
  FROM touched WHERE balance_minor <> balance_after_minor
  UNION ALL
  SELECT 'member_balance_negative', account_id::text, balance_minor::text, '>= 0'
  FROM touched WHERE owner = 'member' AND balance_minor < 0
  LIMIT $2`;

export const findLedgerFindingsAfter = (db: Db, entryId: string, limit: number) =>
  db.query<LedgerFindingRow>(LEDGER_FINDINGS_SQL, [entryId, limit]);

// What the ledger moved per round reference in entries after $1 (and up to $2 when folding):
// a transfer's amount is the sum of its positive entries, as in ROUND_MISMATCHES_SQL.
const MOVED_SQL = (upTo: string) => `
  SELECT t.merchant_id, t.reference,
    coalesce(sum(e.amount_minor) FILTER (WHERE t.type = 'bet'), 0) AS bet_minor,
    coalesce(sum(e.amount_minor) FILTER (WHERE t.type = 'win'), 0) AS win_minor,
    coalesce(sum(e.amount_minor) FILTER (WHERE t.type = 'rollback'), 0) AS rolled_back_minor
  FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
  WHERE e.id > $1 ${upTo} AND e.amount_minor > 0
    AND t.type IN ('bet', 'win', 'rollback') AND t.reference LIKE 'round:%'
  GROUP BY t.merchant_id, t.reference`;

// The rounds the new entries moved money for, and the rounds opened since the mark: each
// round's totals against its verified sums plus what the new entries moved, in one snapshot.
// A reference is 'round:' || vendor_code || ':' || round_id, and a vendor code has no colon,
// so the round is found again through its unique key.
const ROUND_MISMATCHES_AFTER_SQL = `
  WITH moved AS MATERIALIZED (${MOVED_SQL('')}),
  subjects AS (
    SELECT merchant_id, reference FROM moved
    UNION
    SELECT merchant_id, 'round:' || vendor_code || ':' || round_id FROM vendor_rounds WHERE id > $2
  ), compared AS (
    SELECT s.merchant_id, s.reference, r.debit_minor, r.credit_minor, r.rollback_minor,
      coalesce(v.bet_minor, 0) + coalesce(m.bet_minor, 0) AS bet_minor,
      coalesce(v.win_minor, 0) + coalesce(m.win_minor, 0) AS win_minor,
      coalesce(v.rolled_back_minor, 0) + coalesce(m.rolled_back_minor, 0) AS rolled_back_minor
    FROM subjects s
    LEFT JOIN moved m ON m.merchant_id = s.merchant_id AND m.reference = s.reference
    LEFT JOIN reconciliation_round_sums v
      ON v.merchant_id = s.merchant_id AND v.reference = s.reference
    LEFT JOIN LATERAL (
      SELECT debit_minor, credit_minor, rollback_minor FROM vendor_rounds
      WHERE merchant_id = s.merchant_id AND vendor_code = split_part(s.reference, ':', 2)
        AND round_id = substr(s.reference, length(split_part(s.reference, ':', 2)) + 8)
    ) r ON true
  )
  SELECT merchant_id, reference, debit_minor::text, credit_minor::text, rollback_minor::text,
    bet_minor::text, win_minor::text, rolled_back_minor::text
  FROM compared
  WHERE debit_minor IS NULL OR debit_minor <> bet_minor OR credit_minor <> win_minor
     OR rollback_minor <> rolled_back_minor
  ORDER BY 1, 2
  LIMIT $3`;

export const findRoundMismatchesAfter = (db: Db, mark: MarkRow, limit: number) =>
  db.query<RoundMismatchRow>(ROUND_MISMATCHES_AFTER_SQL, [mark.entry_id, mark.round_id, limit]);

/**
 * Moves the mark from `mark` to `head` and adds the entries between them to the verified sums
 * of their accounts and rounds. Only after a run that found nothing, in its transaction.
 */
export const advanceMark = async (db: Db, mark: MarkRow, head: MarkRow, runId: string) => {
  await db.query(
    `INSERT INTO reconciliation_account_sums (account_id, sum_minor)
     SELECT account_id, sum(amount_minor) FROM ledger_entries
     WHERE id > $1 AND id <= $2 GROUP BY account_id
     ON CONFLICT (account_id) DO UPDATE
       SET sum_minor = reconciliation_account_sums.sum_minor + excluded.sum_minor`,
    [mark.entry_id, head.entry_id],
  );
  await db.query(
    `INSERT INTO reconciliation_round_sums
       (merchant_id, reference, bet_minor, win_minor, rolled_back_minor)
     ${MOVED_SQL('AND e.id <= $2')}
     ON CONFLICT (merchant_id, reference) DO UPDATE SET
       bet_minor = reconciliation_round_sums.bet_minor + excluded.bet_minor,
       win_minor = reconciliation_round_sums.win_minor + excluded.win_minor,
       rolled_back_minor = reconciliation_round_sums.rolled_back_minor + excluded.rolled_back_minor`,
    [mark.entry_id, head.entry_id],
  );
  await db.query(
    `UPDATE reconciliation_mark SET entry_id = greatest(entry_id, $1),
       round_id = greatest(round_id, $2), run_id = $3 WHERE single`,
    [head.entry_id, head.round_id, runId],
  );
};
