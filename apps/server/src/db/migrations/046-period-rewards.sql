-- Period rewards (issue 24 item 2; decision 023): daily, weekly and newbie bonuses and loss
-- rebates, paid as bonus grants. Their rule, as the contract's RewardRule.
ALTER TABLE promotions ADD COLUMN reward_rule jsonb;

-- A reward's grant pays for a period of the merchant's zone (`period_key`: the day, the week's
-- Monday, or 'once'), not for a deposit; one grant per member, activity and period. Paid
-- without wagering, it is released as it is granted (nothing to wager).
ALTER TABLE bonus_grants ALTER COLUMN deposit_transfer_id DROP NOT NULL;
ALTER TABLE bonus_grants ADD COLUMN period_key text;
ALTER TABLE bonus_grants ADD CONSTRAINT bonus_grants_paid_for
  CHECK ((deposit_transfer_id IS NULL) <> (period_key IS NULL));
ALTER TABLE bonus_grants DROP CONSTRAINT bonus_grants_deposit_minor_check;
ALTER TABLE bonus_grants ADD CONSTRAINT bonus_grants_deposit_minor_check
  CHECK (deposit_minor > 0 OR (deposit_minor = 0 AND period_key IS NOT NULL));
ALTER TABLE bonus_grants DROP CONSTRAINT bonus_grants_wagering_required_minor_check;
ALTER TABLE bonus_grants ADD CONSTRAINT bonus_grants_wagering_required_minor_check
  CHECK (wagering_required_minor > 0 OR (wagering_required_minor = 0 AND status = 'released'));
CREATE UNIQUE INDEX bonus_grants_period ON bonus_grants (promotion_id, member_id, period_key)
  WHERE period_key IS NOT NULL;
