-- The vendor wallet API (issue 4 item 4; /work/shared/reference/vendor-wallets.md; reliability
-- checklist A4, A5, A8): game providers' credentials, the player tokens the game launch hands
-- them, their game rounds and transactions, and the answers to their requests. Money itself
-- moves only in the ledger tables (005-ledger.sql), one ledger transfer per applied debit,
-- credit or rollback, keyed 'vendor:<vendor code>:<transaction id>'.

-- One credential per merchant and vendor. The secret is needed in clear to compute the HMAC,
-- so it is stored sealed (AES-256-GCM under VENDOR_SECRET_KEY, bound to merchant and vendor),
-- never hashed. Rotation keeps two secrets: the new one, and the one it replaced until
-- previous_retires_at, so the vendor can switch without a window of refusals.
CREATE TABLE vendor_credentials (
  id                   bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id          integer     NOT NULL REFERENCES merchants (id),
  vendor_code          text        NOT NULL CHECK (vendor_code ~ '^[A-Z0-9_]{2,32}$'),
  secret_sealed        text        NOT NULL,
  previous_secret_sealed text,
  previous_retires_at  timestamptz,
  -- Addresses and ranges (CIDR) the vendor calls from; empty accepts any address.
  ip_allowlist         text[]      NOT NULL DEFAULT '{}',
  enabled              boolean     NOT NULL DEFAULT true,
  rotated_at           timestamptz NOT NULL,
  UNIQUE (merchant_id, vendor_code),
  CHECK ((previous_secret_sealed IS NULL) = (previous_retires_at IS NULL))
);

-- A player's token for one vendor, made by the game launch (issueVendorSession). Only its
-- SHA-256 is kept. Balance and debit need a live one; credits and rollbacks never do.
CREATE TABLE vendor_sessions (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL,
  member_id   bigint      NOT NULL,
  vendor_code text        NOT NULL CHECK (vendor_code ~ '^[A-Z0-9_]{2,32}$'),
  game_code   text,
  token_hash  text        NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id),
  CHECK (expires_at > created_at)
);
CREATE INDEX vendor_sessions_member ON vendor_sessions (merchant_id, member_id, expires_at);

-- A game round at a vendor: open on its first debit; settled by a credit that closes it;
-- cancelled when every debit was rolled back before any credit. The totals are what moved;
-- betting records (issue 5) list rounds from here. `wallet` is the member wallet the round
-- plays from (the main wallet, or the vendor wallet of a transfer-wallet merchant), fixed at
-- the first debit so a mode switch never splits a round; `play_money` marks a trial's round,
-- whose money comes from and goes to the house trial account.
CREATE TABLE vendor_rounds (
  id             bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id    integer     NOT NULL,
  vendor_code    text        NOT NULL CHECK (vendor_code ~ '^[A-Z0-9_]{2,32}$'),
  round_id       text        NOT NULL CHECK (round_id ~ '^[A-Za-z0-9_:.-]{1,100}$'),
  member_id      bigint      NOT NULL,
  game_code      text        NOT NULL CHECK (game_code ~ '^[A-Za-z0-9_:.-]{1,64}$'),
  wallet         text        NOT NULL CHECK (wallet IN ('main', 'vendor')),
  play_money     boolean     NOT NULL,
  status         text        NOT NULL CHECK (status IN ('open', 'settled', 'cancelled')),
  debit_minor    bigint      NOT NULL DEFAULT 0 CHECK (debit_minor >= 0),
  credit_minor   bigint      NOT NULL DEFAULT 0 CHECK (credit_minor >= 0),
  rollback_minor bigint      NOT NULL DEFAULT 0 CHECK (rollback_minor BETWEEN 0 AND debit_minor),
  opened_at      timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL,
  closed_at      timestamptz,
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id),
  UNIQUE (merchant_id, vendor_code, round_id),
  UNIQUE (id, merchant_id),
  CHECK ((status = 'open') = (closed_at IS NULL))
);
CREATE INDEX vendor_rounds_member ON vendor_rounds (merchant_id, member_id, opened_at DESC);

-- Every transaction id a vendor used, unique per merchant and vendor, so none is applied twice
-- (kept without end: providers reconcile months later). A debit is applied, or rolled back
-- later, or void: named by a rollback before it arrived, so that it is refused when it does.
-- `result` is the first answer, given again to any retry of the same movement;
-- `request_hash` covers what the movement was, so another movement under the id is refused.
CREATE TABLE vendor_transactions (
  id                 bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id        integer     NOT NULL,
  vendor_code        text        NOT NULL CHECK (vendor_code ~ '^[A-Z0-9_]{2,32}$'),
  transaction_id     text        NOT NULL CHECK (transaction_id ~ '^[A-Za-z0-9_:.-]{1,100}$'),
  kind               text        NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback')),
  state              text        NOT NULL CHECK (state IN ('applied', 'rolled_back', 'void')),
  round_ref          bigint,
  member_id          bigint,
  amount_minor       bigint      CHECK (amount_minor >= 0),
  -- A rollback's debit.
  reference_id       text        CHECK (reference_id ~ '^[A-Za-z0-9_:.-]{1,100}$'),
  request_hash       text        NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  ledger_transfer_id bigint,
  result             jsonb       NOT NULL,
  created_at         timestamptz NOT NULL,
  FOREIGN KEY (round_ref, merchant_id) REFERENCES vendor_rounds (id, merchant_id),
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id),
  UNIQUE (merchant_id, vendor_code, transaction_id),
  CHECK (state = 'applied' OR kind = 'debit'),
  CHECK ((kind = 'rollback') = (reference_id IS NOT NULL)),
  -- A void debit is only its id: no round, player or amount was ever taken.
  CHECK (state = 'void' OR (round_ref IS NOT NULL AND member_id IS NOT NULL
                            AND amount_minor IS NOT NULL))
);
CREATE INDEX vendor_transactions_round ON vendor_transactions (round_ref);

-- The answer to each signed request, by the vendor's idempotency key: a retry of the same
-- request gets exactly this again (status and body), one with another body is refused.
-- Refusals are kept too: a vendor that missed the first answer must not get a different one.
CREATE TABLE vendor_requests (
  merchant_id     integer     NOT NULL REFERENCES merchants (id),
  vendor_code     text        NOT NULL CHECK (vendor_code ~ '^[A-Z0-9_]{2,32}$'),
  idempotency_key text        NOT NULL CHECK (idempotency_key ~ '^[A-Za-z0-9_:.-]{8,100}$'),
  request_hash    text        NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  status_code     smallint    NOT NULL CHECK (status_code BETWEEN 200 AND 599),
  response        jsonb       NOT NULL,
  created_at      timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, vendor_code, idempotency_key)
);

-- Rounds, transactions and answers are history, never rewritten: only an open round's totals
-- and status move, forward, and an applied debit may become rolled back.
CREATE TRIGGER vendor_requests_append_only BEFORE UPDATE OR DELETE ON vendor_requests
  FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE FUNCTION vendor_transactions_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.state IS DISTINCT FROM 'rolled_back' OR OLD.state <> 'applied'
     OR OLD.kind <> 'debit'
     OR (to_jsonb(NEW) - 'state') IS DISTINCT FROM (to_jsonb(OLD) - 'state') THEN
    RAISE EXCEPTION 'vendor_transactions: only an applied debit may become rolled_back';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER vendor_transactions_forward_only BEFORE UPDATE OR DELETE ON vendor_transactions
  FOR EACH ROW EXECUTE FUNCTION vendor_transactions_forward_only();
CREATE FUNCTION vendor_rounds_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.status <> 'open'
     OR NEW.debit_minor < OLD.debit_minor OR NEW.credit_minor < OLD.credit_minor
     OR NEW.rollback_minor < OLD.rollback_minor
     OR (to_jsonb(NEW) - ARRAY['status', 'debit_minor', 'credit_minor', 'rollback_minor',
                               'updated_at', 'closed_at'])
        IS DISTINCT FROM
        (to_jsonb(OLD) - ARRAY['status', 'debit_minor', 'credit_minor', 'rollback_minor',
                               'updated_at', 'closed_at']) THEN
    RAISE EXCEPTION 'vendor_rounds: only an open round changes, and its totals only grow';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER vendor_rounds_forward_only BEFORE UPDATE OR DELETE ON vendor_rounds
  FOR EACH ROW EXECUTE FUNCTION vendor_rounds_forward_only();
