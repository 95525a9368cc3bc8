-- Team reports read totals, not history (issue 22 item 2; decision 019). Rounds already add up
-- per member and day in member_round_days (migration 029); money that enters or leaves a
-- member's wallets does here: each member entry of a flow type adds to its member's net of
-- that type for the day, in the statement that writes the entry. A deposit adds what it
-- credited; a withdrawal's hold and release net to nothing, its payout takes the amount out
-- and a dispute's refund puts it back, so the day's net is what was paid out.
--
-- Rounds (bet, win, rollback) have their own totals and moves between a member's own wallets
-- net to nothing: neither comes here, so the betting path writes nothing more.
CREATE TABLE member_flow_days (
  merchant_id integer NOT NULL,
  member_id   bigint  NOT NULL,
  day         date    NOT NULL,
  type        text    NOT NULL,
  net_minor   bigint  NOT NULL,
  entries     integer NOT NULL CHECK (entries >= 0),
  PRIMARY KEY (member_id, day, type)
);

CREATE FUNCTION add_entry_to_flow_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_flow_days AS d (merchant_id, member_id, day, type, net_minor, entries)
  SELECT NEW.merchant_id, NEW.member_id, (NEW.created_at AT TIME ZONE m.time_zone)::date,
    NEW.type, NEW.amount_minor, 1
  FROM merchants m WHERE m.id = NEW.merchant_id
  ON CONFLICT (member_id, day, type) DO UPDATE SET
    net_minor = d.net_minor + EXCLUDED.net_minor,
    entries = d.entries + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_entries_flow_days
  AFTER INSERT ON ledger_entries FOR EACH ROW
  WHEN (NEW.member_id IS NOT NULL
    AND NEW.type NOT IN ('bet', 'win', 'rollback', 'wallet_transfer', 'trial_credit'))
  EXECUTE FUNCTION add_entry_to_flow_days();

INSERT INTO member_flow_days (merchant_id, member_id, day, type, net_minor, entries)
SELECT e.merchant_id, e.member_id, (e.created_at AT TIME ZONE m.time_zone)::date, e.type,
  sum(e.amount_minor), count(*)
FROM ledger_entries e JOIN merchants m ON m.id = e.merchant_id
WHERE e.member_id IS NOT NULL
  AND e.type NOT IN ('bet', 'win', 'rollback', 'wallet_transfer', 'trial_credit')
GROUP BY 1, 2, 3, 4;
