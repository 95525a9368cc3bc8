-- Deposits (issue 4 item 5; spec section 2, member centre 'deposit'): the channels a merchant
-- offers, the members' deposit requests, and the local sandbox gateway's payments. Money only
-- moves when a deposit is approved, as one ledger transfer keyed by the deposit (the ledger
-- tables are written by the ledger module alone). Amounts are integer minor units.

-- How members of a merchant can pay in: a bank account to transfer into (an operator matches
-- the transfer and approves it), or a payment gateway's checkout (the gateway's signed callback
-- approves it). Limits are per deposit.
CREATE TABLE payment_channels (
  id             integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id    integer     NOT NULL REFERENCES merchants (id),
  code           text        NOT NULL CHECK (code ~ '^[a-z0-9_-]{2,32}$'),
  kind           text        NOT NULL CHECK (kind IN ('bank_transfer', 'gateway')),
  name           text        NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  bank_name      text        CHECK (length(bank_name) BETWEEN 1 AND 64),
  account_name   text        CHECK (length(account_name) BETWEEN 1 AND 64),
  account_number text        CHECK (account_number ~ '^[0-9A-Za-z -]{4,34}$'),
  -- The payment method asked of the gateway (promptpay, card...): the gateway's own word.
  provider_key   text        CHECK (provider_key ~ '^[a-z0-9_]{2,32}$'),
  min_minor      bigint      NOT NULL CHECK (min_minor > 0),
  max_minor      bigint      NOT NULL,
  enabled        boolean     NOT NULL DEFAULT true,
  sort           integer     NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, code),
  UNIQUE (id, merchant_id),
  CHECK (max_minor >= min_minor),
  CHECK (CASE kind
           WHEN 'bank_transfer' THEN bank_name IS NOT NULL AND account_name IS NOT NULL
                                     AND account_number IS NOT NULL AND provider_key IS NULL
           ELSE provider_key IS NOT NULL AND bank_name IS NULL AND account_name IS NULL
                AND account_number IS NULL
         END)
);

-- A member's request to deposit. pending -> approved | rejected | failed, once: a decided row
-- never changes again (the trigger below). The member's idempotency key is unique per member,
-- with the hash of what was asked, so a retried submit answers the first deposit.
CREATE TABLE deposits (
  id                 bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id        integer     NOT NULL REFERENCES merchants (id),
  member_id          bigint      NOT NULL,
  channel_id         integer     NOT NULL,
  amount_minor       bigint      NOT NULL CHECK (amount_minor > 0),
  payer_name         text        CHECK (length(payer_name) BETWEEN 1 AND 64),
  reference          text        CHECK (length(reference) BETWEEN 1 AND 64),
  idempotency_key    text        NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 100),
  request_hash       text        NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  status             text        NOT NULL DEFAULT 'pending'
                                 CHECK (status IN ('pending', 'approved', 'rejected', 'failed')),
  -- Gateway deposits: the order id Lanna gave the gateway and the gateway's payment id.
  gateway_order_id   text        UNIQUE CHECK (gateway_order_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  gateway_payment_id text        CHECK (gateway_payment_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  checkout_url       text,
  reject_reason      text        CHECK (length(reject_reason) BETWEEN 1 AND 500),
  -- The ledger transfer that credited the member (its idempotency key is deposit:<id>).
  transfer_id        bigint,
  decided_by         text,
  decided_at         timestamptz,
  created_at         timestamptz NOT NULL,
  UNIQUE (merchant_id, member_id, idempotency_key),
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id),
  FOREIGN KEY (channel_id, merchant_id) REFERENCES payment_channels (id, merchant_id),
  FOREIGN KEY (transfer_id, merchant_id) REFERENCES ledger_transfers (id, merchant_id),
  CHECK ((status = 'approved') = (transfer_id IS NOT NULL)),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'rejected') = (reject_reason IS NOT NULL))
);
-- The member's records, newest first, by date range.
CREATE INDEX deposits_member_created ON deposits (merchant_id, member_id, created_at DESC, id DESC);
-- The operators' queue.
CREATE INDEX deposits_status_created ON deposits (merchant_id, status, created_at, id);

-- Money that moved is never un-moved: once decided, a deposit is history.
CREATE FUNCTION deposits_decided_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'deposits are never deleted';
  END IF;
  IF OLD.status <> 'pending' AND (NEW.status, NEW.transfer_id, NEW.reject_reason, NEW.decided_at)
       IS DISTINCT FROM (OLD.status, OLD.transfer_id, OLD.reject_reason, OLD.decided_at) THEN
    RAISE EXCEPTION 'deposit % is already %', OLD.id, OLD.status;
  END IF;
  IF (NEW.amount_minor, NEW.member_id, NEW.merchant_id, NEW.channel_id)
       IS DISTINCT FROM (OLD.amount_minor, OLD.member_id, OLD.merchant_id, OLD.channel_id) THEN
    RAISE EXCEPTION 'deposit % cannot change its amount, member or channel', OLD.id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER deposits_decided_once BEFORE UPDATE OR DELETE ON deposits
  FOR EACH ROW EXECUTE FUNCTION deposits_decided_once();

-- The local sandbox gateway's own book (providers/payment-gateway/sandbox-*): it stands in for a
-- real gateway on this machine, outside production only, so its payments live apart from
-- Lanna's deposits and talk to them only through the signed protocol.
CREATE TABLE sandbox_gateway_payments (
  id                  text        PRIMARY KEY CHECK (id ~ '^sbx_[A-Za-z0-9_-]{16,60}$'),
  gateway_merchant_id text        NOT NULL,
  order_id            text        NOT NULL,
  amount_minor        bigint      NOT NULL CHECK (amount_minor > 0),
  currency            text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  method              text        NOT NULL,
  notify_url          text        NOT NULL,
  return_url          text        NOT NULL,
  status              text        NOT NULL DEFAULT 'pending'
                                  CHECK (status IN ('pending', 'paid', 'failed')),
  created_at          timestamptz NOT NULL,
  settled_at          timestamptz,
  UNIQUE (gateway_merchant_id, order_id)
);
