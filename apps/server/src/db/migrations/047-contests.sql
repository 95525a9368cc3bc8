-- Contests (issue 24 item 2; decision 024): the turnover ranking and the raffle. Their rule, as
-- the contract's ContestRule. A raffle draws from a committed seed like a red envelope's split:
-- the column is now the seed of either (its SHA-256 public from the start, the seed once the
-- envelope has ended or the raffle is drawn).
ALTER TABLE promotions ADD COLUMN contest_rule jsonb;
ALTER TABLE promotions RENAME COLUMN envelope_seed TO seed;
ALTER TABLE promotions ADD CONSTRAINT promotions_raffle_seeded
  CHECK (kind <> 'raffle' OR contest_rule IS NULL OR seed IS NOT NULL);
-- When the job decided the contest (its entries below are then final).
ALTER TABLE promotions ADD COLUMN decided_at timestamptz;

-- A decided contest's entrants: each member's valid bet over the period in the rule's
-- categories and, in a raffle, tickets; the winners' places and prizes. Written once, by the
-- job that decides the contest, in one transaction with decided_at. `entry` is the order the
-- draw took the raffle's entrants in (by member id), each holding the next `tickets` tickets.
CREATE TABLE contest_entries (
  promotion_id    bigint NOT NULL REFERENCES promotions (id),
  member_id       bigint NOT NULL REFERENCES members (id),
  entry           integer NOT NULL CHECK (entry >= 1),
  valid_bet_minor bigint NOT NULL CHECK (valid_bet_minor > 0),
  tickets         bigint NOT NULL CHECK (tickets >= 0),
  place           integer CHECK (place >= 1),
  prize_minor     bigint CHECK (prize_minor > 0),
  CHECK ((place IS NULL) = (prize_minor IS NULL)),
  PRIMARY KEY (promotion_id, member_id),
  UNIQUE (promotion_id, entry),
  UNIQUE (promotion_id, place)
);

-- The job's question: contests ended and not decided yet.
CREATE INDEX promotions_undecided_contests ON promotions (ends_at)
  WHERE contest_rule IS NOT NULL AND decided_at IS NULL;
