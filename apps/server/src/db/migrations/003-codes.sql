-- Verification codes (SMS and e-mail), their delivery outboxes, the human check, TOTP and the
-- second verification of a login from a new IP (spec sections 3, 4 and 8; issue 3 items 1, 6, 7;
-- reliability checklist 11, 12, 13, 35). Times come from the server's clock, not now(), so tests
-- can stand at any instant.

-- One code per send. Only its HMAC is kept; it is bound to (merchant, purpose, destination),
-- single use (consumed_at), expiring, and dead after max attempts.
CREATE TABLE verification_codes (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchants (id),
  purpose      text        NOT NULL CHECK (purpose IN ('login', 'register', 'resetPassword', 'secondFactor')),
  channel      text        NOT NULL CHECK (channel IN ('sms', 'email')),
  destination  text        NOT NULL CHECK (length(destination) BETWEEN 3 AND 254),
  code_hash    text        NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  attempts     smallint    NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX verification_codes_live ON verification_codes (merchant_id, purpose, destination, id DESC)
  WHERE consumed_at IS NULL;

-- Every accepted send request, whether or not a message went out (no account behind the
-- number sends nothing but is throttled the same, so throttling reveals no account).
CREATE TABLE code_send_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchants (id),
  channel     text        NOT NULL CHECK (channel IN ('sms', 'email')),
  destination text        NOT NULL,
  ip          text        NOT NULL,
  sent_at     timestamptz NOT NULL
);
CREATE INDEX code_send_log_destination ON code_send_log (merchant_id, channel, destination, sent_at DESC);
CREATE INDEX code_send_log_ip ON code_send_log (merchant_id, ip, sent_at DESC);

-- The local SMS provider: messages land here (SMS_PROVIDER=outbox), tests and operators read them.
CREATE TABLE sms_outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchants (id),
  to_number   text        NOT NULL,
  body        text        NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX sms_outbox_merchant ON sms_outbox (merchant_id, id DESC);

-- The offline e-mail provider, used when SMTP_URL is unset.
CREATE TABLE email_outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchants (id),
  to_address  text        NOT NULL,
  subject     text        NOT NULL,
  body        text        NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX email_outbox_merchant ON email_outbox (merchant_id, id DESC);

-- Proof-of-work challenges already spent; a row lives until its challenge expires.
CREATE TABLE human_proofs_used (
  challenge  text        PRIMARY KEY CHECK (challenge ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz NOT NULL
);
CREATE INDEX human_proofs_used_expiry ON human_proofs_used (expires_at);

-- Authenticator app of a member: the seed encrypted with AES-256-GCM (TOTP_ENCRYPTION_KEY);
-- last_time_step refuses a code of a step already used (a replay inside the window).
CREATE TABLE member_totp (
  member_id         bigint      PRIMARY KEY REFERENCES members (id),
  merchant_id       integer     NOT NULL REFERENCES merchants (id),
  secret_ciphertext text        NOT NULL,
  enabled_at        timestamptz,
  last_time_step    bigint,
  created_at        timestamptz NOT NULL
);

-- The addresses a member has logged in from; a login from any other asks for a second factor.
CREATE TABLE member_known_ips (
  member_id     bigint      NOT NULL REFERENCES members (id),
  merchant_id   integer     NOT NULL REFERENCES merchants (id),
  ip            text        NOT NULL CHECK (length(ip) BETWEEN 2 AND 64),
  first_seen_at timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  PRIMARY KEY (member_id, ip)
);

-- A login held back until the second factor is given. The id the client holds is only stored
-- as its SHA-256.
CREATE TABLE second_verifications (
  id_hash      text        PRIMARY KEY CHECK (id_hash ~ '^[0-9a-f]{64}$'),
  merchant_id  integer     NOT NULL REFERENCES merchants (id),
  member_id    bigint      NOT NULL REFERENCES members (id),
  ip           text        NOT NULL,
  methods      text[]      NOT NULL,
  attempts     smallint    NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  completed_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX second_verifications_member ON second_verifications (member_id, created_at DESC);
