-- The double-entry ledger (issue 4 items 1 and 2; architecture.md, Data; decision 007;
-- reliability checklist A1, A2, A4, A8). Only the ledger module writes these tables.
-- A transfer is a set of entries that sums to zero; each account keeps a cached balance that
-- equals the sum of its entries, updated in the same database transaction under a row lock.
-- Money is integer minor units (bigint) in the merchant's currency (merchants.currency and
-- currency_decimals).

-- Lets an account name (member, merchant) together, so a member's wallet is always on the
-- member's own merchant.
CREATE UNIQUE INDEX members_id_merchant ON members (id, merchant_id);

-- One account per member wallet (main, one per transfer-wallet vendor, bonus, locked) and per
-- house purpose. House accounts are the other side of every movement and may go negative:
-- cash_in, for one, is minus everything that ever came in.
CREATE TABLE ledger_accounts (
  id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id   integer     NOT NULL REFERENCES merchants (id),
  owner         text        NOT NULL CHECK (owner IN ('member', 'house')),
  member_id     bigint,
  kind          text        NOT NULL,
  vendor_code   text        CHECK (vendor_code ~ '^[A-Z0-9_]{2,32}$'),
  balance_minor bigint      NOT NULL DEFAULT 0,
  -- A frozen account can still receive (a vendor win for a round already open) but not pay.
  frozen        boolean     NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  -- Entries name (account, merchant) so that no entry can cross merchants.
  UNIQUE (id, merchant_id),
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id),
  -- One account per wallet: lazily created with ON CONFLICT on this key.
  UNIQUE NULLS NOT DISTINCT (merchant_id, member_id, kind, vendor_code),
  CHECK ((owner = 'member') = (member_id IS NOT NULL)),
  CHECK (CASE owner
           WHEN 'member' THEN kind IN ('main', 'vendor', 'bonus', 'locked')
           ELSE kind IN ('cash_in', 'cash_out', 'game', 'promotion', 'salary', 'dividend',
                         'jackpot', 'adjustment', 'trial')
         END),
  CHECK ((kind IN ('vendor', 'game')) = (vendor_code IS NOT NULL)),
  -- A member's money can never go below zero: the database refuses it even if code forgets.
  CONSTRAINT ledger_accounts_member_not_negative CHECK (owner = 'house' OR balance_minor >= 0)
);

-- A balanced movement. The idempotency key is unique per merchant: a second post with the same
-- key returns this transfer (same request hash) or is refused (another hash).
CREATE TABLE ledger_transfers (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id     integer     NOT NULL REFERENCES merchants (id),
  type            text        NOT NULL CHECK (type ~ '^[a-z][a-z_]{1,39}$'),
  reference       text        CHECK (length(reference) BETWEEN 1 AND 200),
  idempotency_key text        NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  -- SHA-256 of what was asked (type, reference, entries, the caller's fingerprint).
  request_hash    text        NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  created_at      timestamptz NOT NULL,
  UNIQUE (id, merchant_id),
  UNIQUE (merchant_id, idempotency_key)
);

-- The transfer's stored result is its row and these entries: each with the account's balance
-- right after it, so a replay answers exactly what the first post answered.
CREATE TABLE ledger_entries (
  id                  bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id         integer NOT NULL,
  transfer_id         bigint  NOT NULL,
  account_id          bigint  NOT NULL,
  amount_minor        bigint  NOT NULL CHECK (amount_minor <> 0),
  balance_after_minor bigint  NOT NULL,
  FOREIGN KEY (transfer_id, merchant_id) REFERENCES ledger_transfers (id, merchant_id),
  FOREIGN KEY (account_id, merchant_id) REFERENCES ledger_accounts (id, merchant_id)
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transfer ON ledger_entries (transfer_id);

-- Corrections are new transfers, never edits (style.md, Principles 5).
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % refused: the ledger only appends', TG_OP, TG_TABLE_NAME;
END
$$;
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
-- An account's balance changes with every post; the account itself is never removed.
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- Every statement that writes entries writes whole transfers: the entries it inserts sum to
-- zero per transfer, at least two each. One aggregate over the inserted rows, no index lookups,
-- so it costs a batch of transfers next to nothing.
CREATE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad bigint;
BEGIN
  SELECT transfer_id INTO bad FROM inserted
    GROUP BY transfer_id HAVING sum(amount_minor) <> 0 OR count(*) < 2 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transfer % is unbalanced', bad USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_balanced();
