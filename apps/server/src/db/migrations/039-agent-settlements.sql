-- Salaries and dividends (issue 22 item 4; decision 020).
--
-- Settled rounds by five minutes: a real-money round adds its valid bet and its player's profit
-- to its member's slot of the five minutes it settled in, once (a settled round never changes,
-- vendor_rounds_forward_only). Real-time salary reads a slot, hourly salary twelve, daily salary
-- a day's, dividends a period's: the raw rounds are never read again.
CREATE TABLE member_round_slots (
  merchant_id     integer     NOT NULL,
  member_id       bigint      NOT NULL,
  slot            timestamptz NOT NULL,
  rounds          integer     NOT NULL CHECK (rounds > 0),
  valid_bet_minor bigint      NOT NULL,
  profit_minor    bigint      NOT NULL,
  PRIMARY KEY (member_id, slot)
);
CREATE INDEX member_round_slots_merchant ON member_round_slots (merchant_id, slot);

CREATE FUNCTION add_round_to_slots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bet bigint := NEW.debit_minor - NEW.rollback_minor;
BEGIN
  INSERT INTO member_round_slots AS s (merchant_id, member_id, slot, rounds, valid_bet_minor,
    profit_minor)
  VALUES (NEW.merchant_id, NEW.member_id,
    date_bin(interval '5 minutes', NEW.closed_at, timestamptz '2000-01-01 00:00:00+00'),
    1, bet, NEW.credit_minor - bet)
  ON CONFLICT (member_id, slot) DO UPDATE SET
    rounds = s.rounds + 1,
    valid_bet_minor = s.valid_bet_minor + EXCLUDED.valid_bet_minor,
    profit_minor = s.profit_minor + EXCLUDED.profit_minor;
  RETURN NULL;
END
$$;

CREATE TRIGGER vendor_rounds_inserted_slots
  AFTER INSERT ON vendor_rounds FOR EACH ROW
  WHEN (NOT NEW.play_money AND NEW.status = 'settled')
  EXECUTE FUNCTION add_round_to_slots();
CREATE TRIGGER vendor_rounds_settled_slots
  AFTER UPDATE OF status ON vendor_rounds FOR EACH ROW
  WHEN (NOT NEW.play_money AND NEW.status = 'settled' AND OLD.status <> 'settled')
  EXECUTE FUNCTION add_round_to_slots();

INSERT INTO member_round_slots (merchant_id, member_id, slot, rounds, valid_bet_minor,
  profit_minor)
SELECT merchant_id, member_id,
  date_bin(interval '5 minutes', closed_at, timestamptz '2000-01-01 00:00:00+00'), count(*),
  sum(debit_minor - rollback_minor), sum(credit_minor - debit_minor + rollback_minor)
FROM vendor_rounds WHERE status = 'settled' AND NOT play_money
GROUP BY 1, 2, 3;

-- One run per merchant, kind and period: claimed by one node at a time under a lease, its
-- payouts written one contract at a time, so a run that stopped halfway is taken up again and
-- finishes without paying anyone twice.
CREATE TABLE agent_settlement_runs (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchants (id),
  kind         text        NOT NULL
                           CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  period_start timestamptz NOT NULL,
  period_end   timestamptz NOT NULL CHECK (period_end > period_start),
  status       text        NOT NULL CHECK (status IN ('running', 'done')),
  lease_until  timestamptz NOT NULL,
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz,
  UNIQUE (merchant_id, kind, period_start),
  CHECK ((status = 'done') = (finished_at IS NOT NULL))
);

-- What a contract paid for a period: the figures it was paid on and how. A dividend the upline
-- owes waits as 'due' until it pays or its time runs out ('forced': the house paid and the
-- upline was frozen, spec section 4).
CREATE TABLE agent_payouts (
  id               bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id      integer     NOT NULL REFERENCES merchants (id),
  contract_id      bigint      NOT NULL REFERENCES agent_contracts (id),
  kind             text        NOT NULL,
  period_start     timestamptz NOT NULL,
  period_end       timestamptz NOT NULL,
  payer_id         bigint      REFERENCES members (id),
  payee_id         bigint      NOT NULL REFERENCES members (id),
  valid_bet_minor  bigint      NOT NULL,
  loss_minor       bigint      NOT NULL CHECK (loss_minor >= 0),
  active_members   integer     NOT NULL CHECK (active_members >= 0),
  amount_minor     bigint      NOT NULL CHECK (amount_minor >= 0),
  status           text        NOT NULL CHECK (status IN ('paid', 'due', 'forced', 'nothing')),
  transfer_id      bigint,
  due_at           timestamptz,
  created_at       timestamptz NOT NULL,
  paid_at          timestamptz,
  UNIQUE (contract_id, period_start),
  CHECK ((status IN ('paid', 'forced')) = (transfer_id IS NOT NULL)),
  CHECK ((status = 'nothing') = (amount_minor = 0)),
  CHECK ((status = 'due') = (due_at IS NOT NULL AND transfer_id IS NULL))
);
CREATE INDEX agent_payouts_payee ON agent_payouts (payee_id, period_start, id);
CREATE INDEX agent_payouts_payer ON agent_payouts (payer_id, period_start, id);
CREATE INDEX agent_payouts_due ON agent_payouts (merchant_id, due_at) WHERE status = 'due';

-- An operator's correction of a payout: a transfer of the difference, never an edit of the row.
CREATE TABLE agent_payout_corrections (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payout_id    bigint      NOT NULL REFERENCES agent_payouts (id),
  amount_minor bigint      NOT NULL CHECK (amount_minor <> 0),
  transfer_id  bigint      NOT NULL UNIQUE,
  actor        text        NOT NULL,
  reason       text        NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX agent_payout_corrections_payout ON agent_payout_corrections (payout_id);
