-- Reconciliation (issue 4; reliability checklist A9): what each run of the reconciliation job
-- found. A run checks the ledger's invariants (entries sum to zero per merchant and per
-- transfer, cached balances equal their entries, no member below zero) and that every vendor
-- round's totals equal the bets, wins and rollbacks the ledger moved for it. The job only
-- reads money tables; this table is its record, kept as history.
CREATE TABLE reconciliation_runs (
  id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- 'schedule': the server's job (RECONCILE_INTERVAL_MINUTES); 'operator': run on request.
  trigger       text        NOT NULL CHECK (trigger IN ('schedule', 'operator')),
  actor         text        CHECK (length(actor) BETWEEN 1 AND 200),
  started_at    timestamptz NOT NULL,
  finished_at   timestamptz NOT NULL,
  ok            boolean     NOT NULL,
  -- Every finding counts here; `findings` keeps the first ones of each check, enough to see
  -- what broke without a huge row when everything did.
  finding_count integer     NOT NULL CHECK (finding_count >= 0),
  findings      jsonb       NOT NULL CHECK (jsonb_typeof(findings) = 'array'),
  CHECK (ok = (finding_count = 0)),
  CHECK ((trigger = 'operator') = (actor IS NOT NULL)),
  CHECK (finished_at >= started_at)
);
CREATE INDEX reconciliation_runs_started ON reconciliation_runs (started_at DESC, id DESC);

CREATE TRIGGER reconciliation_runs_append_only BEFORE UPDATE OR DELETE ON reconciliation_runs
  FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
