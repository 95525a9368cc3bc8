-- Login throttling that holds under concurrency (issue 21 item 1, decision 013): failed
-- sign-ins are counters, each moved by one upsert before the password is checked, instead of
-- rows counted before and inserted after it. One row per key: an account (ip ''), an address
-- (username_key ''), or an address on an account (both). `previous_at` is the counted attempt
-- before the last one, from which a lock runs; a count lapses at `expires_at`, which moves
-- with every attempt (LOGIN_FAILURE_WINDOW_MINUTES without one).
CREATE TABLE login_failures (
  merchant_id  integer     NOT NULL REFERENCES merchants (id),
  username_key text        NOT NULL,
  ip           text        NOT NULL,
  failures     integer     NOT NULL CHECK (failures >= 0),
  last_at      timestamptz NOT NULL,
  previous_at  timestamptz,
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, username_key, ip)
);
CREATE INDEX login_failures_expiry ON login_failures (expires_at);

-- Only the throttle read the attempt rows; who signed in or failed, and from where, is in
-- auth_events (migration 006).
DROP TABLE login_attempts;

-- The request limits per address are counted by the limiter (plugins/rate-limit.ts), no longer
-- by scanning these rows; nothing else reads them by address.
DROP INDEX members_register_ip;
DROP INDEX captchas_ip;
DROP INDEX social_login_flows_ip;
