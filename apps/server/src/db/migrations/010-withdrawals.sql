-- Withdrawals (issue 4 item 6; spec sections 4 and 9): payee accounts, the payment password's
-- lock, withdrawal requests with their review and the member's confirmation, proof images and
-- disputes, and each merchant's withdrawal rules. Money never moves here: every movement is a
-- ledger transfer, and these rows name the transfers that moved it. Times come from the
-- server's clock, so tests can stand at any instant.

-- One row per merchant, created with the defaults on first use (a merchant the seed adds after
-- this migration gets them too). Amounts in minor units of the merchant's currency.
CREATE TABLE withdrawal_settings (
  merchant_id                   integer     PRIMARY KEY REFERENCES merchants (id),
  min_amount_minor              bigint      NOT NULL DEFAULT 10000 CHECK (min_amount_minor > 0),
  max_amount_minor              bigint      NOT NULL DEFAULT 5000000,
  daily_count                   integer     NOT NULL DEFAULT 5 CHECK (daily_count > 0),
  daily_amount_minor            bigint      NOT NULL DEFAULT 20000000 CHECK (daily_amount_minor > 0),
  -- Turnover needed since the last deposit, in hundredths of that deposit: 100 is 1x.
  turnover_multiplier_percent   integer     NOT NULL DEFAULT 100 CHECK (turnover_multiplier_percent >= 0),
  -- Spec section 9: an unconfirmed withdrawal counts as received after this many minutes.
  confirm_minutes               integer     NOT NULL DEFAULT 60 CHECK (confirm_minutes > 0),
  max_bank_cards                integer     NOT NULL DEFAULT 3 CHECK (max_bank_cards >= 0),
  max_e_wallets                 integer     NOT NULL DEFAULT 3 CHECK (max_e_wallets >= 0),
  payment_password_lock_after   integer     NOT NULL DEFAULT 5 CHECK (payment_password_lock_after > 0),
  payment_password_lock_minutes integer     NOT NULL DEFAULT 15 CHECK (payment_password_lock_minutes > 0),
  updated_at                    timestamptz NOT NULL DEFAULT now(),
  CHECK (max_amount_minor >= min_amount_minor)
);

-- Wrong payment passwords (the hash itself is member_profiles.payment_password_hash, where
-- registration puts it). After lock_after failures the password is locked until locked_until;
-- each further lock doubles, up to a day, and a right password clears everything. A lock always
-- ends: never a permanent lock-out of the owner.
CREATE TABLE payment_password_guards (
  member_id    bigint      PRIMARY KEY,
  merchant_id  integer     NOT NULL,
  failures     integer     NOT NULL DEFAULT 0 CHECK (failures >= 0),
  locks        integer     NOT NULL DEFAULT 0 CHECK (locks >= 0),
  locked_until timestamptz,
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id)
);

-- Bank cards and e-wallets a member binds. Unbinding keeps the row (withdrawals name it).
CREATE TABLE payee_accounts (
  id             bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id    integer     NOT NULL,
  member_id      bigint      NOT NULL,
  kind           text        NOT NULL CHECK (kind IN ('bank', 'ewallet')),
  bank_name      text        CHECK (length(bank_name) BETWEEN 2 AND 60),
  wallet_type    text        CHECK (wallet_type ~ '^[A-Z0-9_]{2,20}$'),
  account_name   text        NOT NULL CHECK (length(account_name) BETWEEN 2 AND 50),
  account_number text        NOT NULL CHECK (length(account_number) BETWEEN 4 AND 64),
  created_at     timestamptz NOT NULL,
  unbound_at     timestamptz,
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id),
  CHECK ((kind = 'bank') = (bank_name IS NOT NULL)),
  CHECK ((kind = 'ewallet') = (wallet_type IS NOT NULL))
);
-- The same account cannot be bound twice at once (a bank account by its number, an e-wallet by
-- its type and id); the partial index also serves the member's list.
CREATE UNIQUE INDEX payee_accounts_bound ON payee_accounts
  (member_id, kind, coalesce(wallet_type, ''), account_number) WHERE unbound_at IS NULL;

-- A withdrawal: the amount was held (main -> locked, hold_transfer_id) when it was requested;
-- paid (locked -> house cash_out) or rejected (locked -> main) once, by settle_transfer_id.
-- The payee is copied at request time. A paid withdrawal left unconfirmed past
-- confirm_deadline_at counts as received (computed on read: no money moves then).
CREATE TABLE withdrawals (
  id                   bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id          integer     NOT NULL,
  member_id            bigint      NOT NULL,
  idempotency_key      text        NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 100),
  -- SHA-256 of what was asked (amount, payee), so a key reused for another request is refused.
  request_hash         text        NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  amount_minor         bigint      NOT NULL CHECK (amount_minor > 0),
  payee_account_id     bigint      NOT NULL REFERENCES payee_accounts (id),
  payee_kind           text        NOT NULL CHECK (payee_kind IN ('bank', 'ewallet')),
  payee_bank_name      text,
  payee_wallet_type    text,
  payee_account_name   text        NOT NULL,
  payee_account_number text        NOT NULL,
  status               text        NOT NULL DEFAULT 'pending' CHECK (status IN
                         ('pending', 'rejected', 'paid', 'received', 'partly_received', 'not_received')),
  requested_at         timestamptz NOT NULL,
  hold_transfer_id     bigint      NOT NULL REFERENCES ledger_transfers (id),
  decided_at           timestamptz,
  decided_by           text,
  decision_reason      text,
  settle_transfer_id   bigint      REFERENCES ledger_transfers (id),
  paid_at              timestamptz,
  confirm_deadline_at  timestamptz,
  confirmed_at         timestamptz,
  confirmed_by         text        CHECK (confirmed_by IN ('member', 'timeout')),
  remaining_minor      bigint,
  UNIQUE (merchant_id, member_id, idempotency_key),
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'pending') = (settle_transfer_id IS NULL)),
  CHECK ((status IN ('pending', 'rejected')) = (paid_at IS NULL)),
  CHECK ((paid_at IS NULL) = (confirm_deadline_at IS NULL)),
  CHECK ((status IN ('received', 'partly_received', 'not_received')) = (confirmed_at IS NOT NULL)),
  CHECK ((confirmed_at IS NULL) = (confirmed_by IS NULL)),
  CHECK ((status = 'partly_received') = (remaining_minor IS NOT NULL)),
  CHECK (remaining_minor IS NULL OR (remaining_minor > 0 AND remaining_minor < amount_minor))
);
CREATE INDEX withdrawals_member ON withdrawals (member_id, requested_at DESC, id DESC);
CREATE INDEX withdrawals_review ON withdrawals (merchant_id, status, requested_at, id);

-- Proof images of a withdrawal not received: the bytes live in files under DATA_DIR; the row
-- says where (relative path), what they are (judged by content) and their digest.
CREATE TABLE withdrawal_proofs (
  id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id   integer     NOT NULL REFERENCES merchants (id),
  withdrawal_id bigint      NOT NULL REFERENCES withdrawals (id),
  content_type  text        NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  size_bytes    integer     NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
  sha256        text        NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  file_path     text        NOT NULL UNIQUE CHECK (file_path ~ '^[0-9]+/[0-9]+/[0-9a-f]{32}\.(png|jpg)$'),
  created_at    timestamptz NOT NULL
);
CREATE INDEX withdrawal_proofs_withdrawal ON withdrawal_proofs (withdrawal_id, id);

-- 'Partly received' and 'not received' open a dispute for an operator: refund what did not
-- arrive (a ledger transfer back to the main wallet) or dismiss it. One per withdrawal.
CREATE TABLE withdrawal_disputes (
  id                 bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id        integer     NOT NULL REFERENCES merchants (id),
  withdrawal_id      bigint      NOT NULL UNIQUE REFERENCES withdrawals (id),
  kind               text        NOT NULL CHECK (kind IN ('partly_received', 'not_received')),
  missing_minor      bigint      NOT NULL CHECK (missing_minor > 0),
  status             text        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'refunded', 'dismissed')),
  opened_at          timestamptz NOT NULL,
  resolved_at        timestamptz,
  resolved_by        text,
  resolution_reason  text,
  refunded_minor     bigint      CHECK (refunded_minor > 0 AND refunded_minor <= missing_minor),
  refund_transfer_id bigint      REFERENCES ledger_transfers (id),
  CHECK ((status = 'open') = (resolved_at IS NULL)),
  CHECK ((status = 'refunded') = (refund_transfer_id IS NOT NULL)),
  CHECK ((status = 'refunded') = (refunded_minor IS NOT NULL))
);
CREATE INDEX withdrawal_disputes_review ON withdrawal_disputes (merchant_id, status, opened_at);
