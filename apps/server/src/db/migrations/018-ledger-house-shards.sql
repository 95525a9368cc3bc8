-- House accounts in shards (decision 007, Hot house accounts): a house account that every bet
-- touches (a vendor's game results, the jackpot pool) is a row every concurrent bet must lock
-- until its commit, so all bets queued on it. It may now be split into shards, rows of the same
-- purpose told apart by `shard`; a movement picks one shard by the member, and the account's
-- balance is the sum of its shards. Member wallets are never sharded (shard 0).
ALTER TABLE ledger_accounts
  ADD COLUMN shard smallint NOT NULL DEFAULT 0
    CHECK (shard BETWEEN 0 AND 63 AND (owner = 'house' OR shard = 0));

ALTER TABLE ledger_accounts
  DROP CONSTRAINT ledger_accounts_merchant_id_member_id_kind_vendor_code_key;
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_wallet_key
    UNIQUE NULLS NOT DISTINCT (merchant_id, member_id, kind, vendor_code, shard);
