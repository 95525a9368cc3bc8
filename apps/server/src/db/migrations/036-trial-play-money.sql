-- The play money a new trial account starts with (issue 29 item 5, decision 017), in minor
-- units of the merchant's currency: paid once, when free play opens the account, from the
-- house trial account. A merchant without a wallet settings row has the default, 2,000.00.
ALTER TABLE merchant_wallet_settings
  ADD COLUMN trial_play_money_minor bigint NOT NULL DEFAULT 200000
    CHECK (trial_play_money_minor BETWEEN 0 AND 1000000000000000);
