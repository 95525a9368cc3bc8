-- Red envelopes (issue 24 item 2; decision 022). The rule, as the contract's EnvelopeRule, and
-- the secret seed of the split (hex, 32 bytes), made when the rule is first saved: its SHA-256
-- is public from the start, the seed once the activity has ended.
ALTER TABLE promotions ADD COLUMN envelope_rule jsonb;
ALTER TABLE promotions ADD COLUMN envelope_seed text CHECK (envelope_seed ~ '^[0-9a-f]{64}$');
ALTER TABLE promotions ADD CONSTRAINT promotions_envelope_seeded
  CHECK (envelope_rule IS NULL OR envelope_seed IS NOT NULL);

-- Who opened an envelope, which share they took and what it paid: each member once, each
-- share once.
CREATE TABLE envelope_openings (
  promotion_id bigint      NOT NULL REFERENCES promotions (id),
  member_id    bigint      NOT NULL REFERENCES members (id),
  share_index  integer     NOT NULL CHECK (share_index >= 0),
  amount_minor bigint      NOT NULL CHECK (amount_minor > 0),
  opened_at    timestamptz NOT NULL,
  PRIMARY KEY (promotion_id, member_id),
  UNIQUE (promotion_id, share_index)
);
