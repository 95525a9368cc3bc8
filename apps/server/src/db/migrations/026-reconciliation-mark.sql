-- Incremental reconciliation (issue 21 item 7): the scheduled run checks what the ledger
-- wrote since its last verified point instead of the whole ledger, so its cost follows the
-- traffic, not the history; an operator can still ask for the full check.
--
-- A run's scope: 'full' reads every entry and round (every run before this migration was
-- one); 'incremental' reads the entries after the mark. `entries_checked` is how many ledger
-- entries an incremental run read (null for a full run).
ALTER TABLE reconciliation_runs
  ADD COLUMN scope text NOT NULL DEFAULT 'full' CHECK (scope IN ('full', 'incremental')),
  ADD COLUMN entries_checked bigint CHECK (entries_checked >= 0),
  ADD CHECK ((scope = 'incremental') = (entries_checked IS NOT NULL));
ALTER TABLE reconciliation_runs ALTER COLUMN scope DROP DEFAULT;

-- The last verified point, one row: every ledger entry with an id up to `entry_id` and every
-- vendor round with an id up to `round_id` was checked by an incremental run that found
-- nothing wrong (`run_id`). Moved only by such a run, in its own transaction.
CREATE TABLE reconciliation_mark (
  single   boolean PRIMARY KEY DEFAULT true CHECK (single),
  entry_id bigint  NOT NULL CHECK (entry_id >= 0),
  round_id bigint  NOT NULL CHECK (round_id >= 0),
  run_id   bigint  REFERENCES reconciliation_runs (id)
);
INSERT INTO reconciliation_mark (entry_id, round_id) VALUES (0, 0);

-- What the verified entries add up to, per account and per vendor round reference, so that a
-- run adds the new entries to these instead of summing an account's (a house account's
-- millions of) entries again. Written only with the mark.
CREATE TABLE reconciliation_account_sums (
  account_id bigint PRIMARY KEY,
  sum_minor  bigint NOT NULL
);
CREATE TABLE reconciliation_round_sums (
  merchant_id       integer NOT NULL,
  reference         text    NOT NULL,
  bet_minor         bigint  NOT NULL,
  win_minor         bigint  NOT NULL,
  rolled_back_minor bigint  NOT NULL,
  PRIMARY KEY (merchant_id, reference)
);
