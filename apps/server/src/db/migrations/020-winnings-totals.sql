-- What settled real-money rounds have paid, per merchant (modules/live, the cumulative
-- winnings figure). Each node read it every few seconds as a sum over every settled round, a
-- scan that grows with the platform's whole history. Now a round adds its credit here in the
-- transaction that settles it: a settled round never changes again (vendor_rounds_forward_only),
-- so the total is exact and the figure reads a few rows. Split into shards by member, like the
-- hot house accounts (decision 007), so concurrent wins do not queue on one row.
CREATE TABLE winnings_totals (
  merchant_id  integer  NOT NULL REFERENCES merchants (id),
  shard        smallint NOT NULL CHECK (shard BETWEEN 0 AND 63),
  paid_minor   bigint   NOT NULL CHECK (paid_minor >= 0),
  PRIMARY KEY (merchant_id, shard)
);

INSERT INTO winnings_totals (merchant_id, shard, paid_minor)
SELECT merchant_id, (member_id % 8)::smallint, sum(credit_minor)
FROM vendor_rounds
WHERE status = 'settled' AND NOT play_money
GROUP BY merchant_id, member_id % 8;

CREATE FUNCTION add_round_winnings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO winnings_totals AS t (merchant_id, shard, paid_minor)
  VALUES (NEW.merchant_id, NEW.member_id % 8, NEW.credit_minor)
  ON CONFLICT (merchant_id, shard) DO UPDATE SET paid_minor = t.paid_minor + EXCLUDED.paid_minor;
  RETURN NULL;
END
$$;

CREATE TRIGGER vendor_rounds_settled_winnings
  AFTER UPDATE OF status ON vendor_rounds FOR EACH ROW
  WHEN (NEW.status = 'settled' AND OLD.status <> 'settled' AND NOT NEW.play_money)
  EXECUTE FUNCTION add_round_winnings();
CREATE TRIGGER vendor_rounds_inserted_settled_winnings
  AFTER INSERT ON vendor_rounds FOR EACH ROW
  WHEN (NEW.status = 'settled' AND NOT NEW.play_money)
  EXECUTE FUNCTION add_round_winnings();
