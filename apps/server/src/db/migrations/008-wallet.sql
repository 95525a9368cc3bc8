-- Wallet modes, frozen members and the idempotency store of member money requests (issue 4
-- items 3, 7, 9 and 10; spec sections 3 and 7). Money itself moves only in the ledger tables
-- (005-ledger.sql); nothing here holds a balance.

-- The merchant wallet (spec section 3, Merchant wallet: isSingle). Single wallet: vendors
-- debit and credit the main wallet. Transfer wallet: each vendor plays from a wallet of its
-- own that the member fills and empties. The agent policy opens consolidated funds (spec
-- section 7). A merchant without a row has the defaults: single wallet, agent policy off.
CREATE TABLE merchant_wallet_settings (
  merchant_id          integer     PRIMARY KEY REFERENCES merchants (id),
  is_single            boolean     NOT NULL DEFAULT true,
  agent_policy_enabled boolean     NOT NULL DEFAULT false,
  updated_at           timestamptz NOT NULL DEFAULT now()
);

-- An operator's freeze of a member (issue 4 item 9). The ledger accounts carry their own
-- frozen flag (they refuse to pay); this row is the member's state, which money routes check
-- before they open or move any account, and which covers accounts opened after the freeze.
CREATE TABLE member_wallet_status (
  member_id   bigint      PRIMARY KEY,
  merchant_id integer     NOT NULL,
  frozen      boolean     NOT NULL,
  changed_at  timestamptz NOT NULL,
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id)
);

-- The first answer to each money request a member made with an idempotency key (wallet
-- transfers, transfers to upline or downline): a replay with the same request gets it back, a
-- replay with another request is refused. Keys belong to the member, so two members never
-- collide. Refusals are not kept: they moved nothing, and the same request may be tried again.
CREATE TABLE wallet_requests (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id     integer     NOT NULL,
  member_id       bigint      NOT NULL,
  idempotency_key text        NOT NULL CHECK (idempotency_key ~ '^[A-Za-z0-9_:.-]{8,100}$'),
  kind            text        NOT NULL CHECK (kind IN ('wallet_transfer', 'upline_transfer',
                                                       'downline_transfer')),
  -- SHA-256 of the request without its key (and without the password that confirmed it).
  request_hash    text        NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  response        jsonb       NOT NULL,
  created_at      timestamptz NOT NULL,
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id),
  UNIQUE (merchant_id, member_id, idempotency_key)
);
