-- The largest bet while a bonus is open (issue 24 item 3; decision 021): copied from the rule
-- at the grant like its other terms, checked when a bet is placed.
ALTER TABLE bonus_grants ADD COLUMN max_bet_minor bigint CHECK (max_bet_minor > 0);
