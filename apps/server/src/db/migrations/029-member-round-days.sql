-- Totals at any history size (issue 30 item 3; decision 016). The betting record's totals and
-- personal profit and loss summed the member's rounds on every request: without days, every
-- round the member ever played. Now each real-money round adds what it changes to its member's
-- totals of its day, vendor and game, in the transaction that changes the round, and both read
-- these rows: a year of totals is at most a row a day and game, however many rounds it holds.
--
-- The day is the opening's calendar day in the merchant's zone, the day the records filter by.
-- A merchant's zone has no setter; one that changes it refills its rows with
-- refill_member_round_days.
CREATE TABLE member_round_days (
  merchant_id     integer NOT NULL,
  member_id       bigint  NOT NULL,
  day             date    NOT NULL,
  vendor_code     text    NOT NULL,
  game_code       text    NOT NULL,
  rounds          integer NOT NULL CHECK (rounds >= 0),
  bet_minor       bigint  NOT NULL,
  valid_bet_minor bigint  NOT NULL,
  win_minor       bigint  NOT NULL,
  profit_minor    bigint  NOT NULL,
  PRIMARY KEY (member_id, day, vendor_code, game_code)
);

-- What a round counts for (the sums the betting record showed): the bet is what the debits
-- took and kept, and only a settled round has a valid bet and a profit.
CREATE FUNCTION add_round_to_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bet    bigint  := NEW.debit_minor - NEW.rollback_minor;
  was    bigint  := 0;
  won    bigint  := 0;
  counts integer := 1;
  valid  bigint;
  profit bigint;
BEGIN
  valid := CASE WHEN NEW.status = 'settled' THEN bet ELSE 0 END;
  profit := CASE WHEN NEW.status = 'settled' THEN NEW.credit_minor - bet ELSE 0 END;
  IF TG_OP = 'UPDATE' THEN
    -- Only an open round changes (vendor_rounds_forward_only): take back what it counted.
    was := OLD.debit_minor - OLD.rollback_minor;
    won := OLD.credit_minor;
    counts := 0;
  END IF;
  INSERT INTO member_round_days AS d (merchant_id, member_id, day, vendor_code, game_code,
    rounds, bet_minor, valid_bet_minor, win_minor, profit_minor)
  SELECT NEW.merchant_id, NEW.member_id, (NEW.opened_at AT TIME ZONE m.time_zone)::date,
    NEW.vendor_code, NEW.game_code, counts, bet - was, valid, NEW.credit_minor - won, profit
  FROM merchants m WHERE m.id = NEW.merchant_id
  ON CONFLICT (member_id, day, vendor_code, game_code) DO UPDATE SET
    rounds = d.rounds + EXCLUDED.rounds,
    bet_minor = d.bet_minor + EXCLUDED.bet_minor,
    valid_bet_minor = d.valid_bet_minor + EXCLUDED.valid_bet_minor,
    win_minor = d.win_minor + EXCLUDED.win_minor,
    profit_minor = d.profit_minor + EXCLUDED.profit_minor;
  RETURN NULL;
END
$$;

CREATE TRIGGER vendor_rounds_inserted_days
  AFTER INSERT ON vendor_rounds FOR EACH ROW
  WHEN (NOT NEW.play_money)
  EXECUTE FUNCTION add_round_to_days();
CREATE TRIGGER vendor_rounds_updated_days
  AFTER UPDATE OF status, debit_minor, credit_minor, rollback_minor ON vendor_rounds FOR EACH ROW
  WHEN (NOT NEW.play_money)
  EXECUTE FUNCTION add_round_to_days();

-- A merchant's rows summed again from its rounds: the history here, a zone change later.
CREATE FUNCTION refill_member_round_days(p_merchant integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM member_round_days WHERE merchant_id = p_merchant;
  INSERT INTO member_round_days (merchant_id, member_id, day, vendor_code, game_code, rounds,
    bet_minor, valid_bet_minor, win_minor, profit_minor)
  SELECT r.merchant_id, r.member_id, (r.opened_at AT TIME ZONE m.time_zone)::date,
    r.vendor_code, r.game_code, count(*),
    sum(r.debit_minor - r.rollback_minor),
    coalesce(sum(r.debit_minor - r.rollback_minor) FILTER (WHERE r.status = 'settled'), 0),
    sum(r.credit_minor),
    coalesce(sum(r.credit_minor - r.debit_minor + r.rollback_minor)
      FILTER (WHERE r.status = 'settled'), 0)
  FROM vendor_rounds r JOIN merchants m ON m.id = r.merchant_id
  WHERE r.merchant_id = p_merchant AND NOT r.play_money
  GROUP BY 1, 2, 3, 4, 5;
$$;

SELECT refill_member_round_days(id) FROM merchants;
