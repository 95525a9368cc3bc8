-- Missions (issue 24 item 4; decision 025): daily, weekly and one-time tasks, each an activity
-- of kind 'mission' with its rule, as the contract's MissionRule. A claimed mission is a
-- bonus grant for its period (bonus_grants.period_key), as a period reward is.
ALTER TABLE promotions DROP CONSTRAINT promotions_kind_check;
ALTER TABLE promotions ADD CONSTRAINT promotions_kind_check CHECK (kind IN ('first_deposit_bonus',
  'deposit_bonus', 'daily_bonus', 'weekly_bonus', 'newbie_bonus', 'loss_rebate',
  'turnover_ranking', 'app_download_bonus', 'apply_review', 'red_envelope', 'raffle', 'mission'));
ALTER TABLE promotions ADD COLUMN mission_rule jsonb;

-- A mission's sign-in task counts the member's sign-ins of a period.
CREATE INDEX auth_events_member_logins ON auth_events (member_id, at)
  WHERE event = 'login.succeeded';
-- An invite task counts the members who registered with the member's code in a period.
CREATE INDEX members_referrer ON members (referrer_id, created_at) WHERE referrer_id IS NOT NULL;
