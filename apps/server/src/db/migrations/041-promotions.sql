-- The promotions centre's activities (issue 24 item 1; spec section 2): each in one or more of
-- the spec's categories, with its period, audience and display order. The rules that pay
-- (bonuses, rebates, missions) come with issue 24's rules engine; the kind says which rule an
-- activity will run.
CREATE TABLE promotions (
  id                bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id       integer     NOT NULL REFERENCES merchants (id),
  title             text        NOT NULL,
  summary           text        NOT NULL,
  -- Sanitised HTML.
  content           text        NOT NULL,
  image_url         text,
  kind              text        NOT NULL CHECK (kind IN ('first_deposit_bonus', 'deposit_bonus',
                                  'daily_bonus', 'weekly_bonus', 'newbie_bonus', 'loss_rebate',
                                  'turnover_ranking', 'app_download_bonus', 'apply_review',
                                  'red_envelope', 'raffle')),
  categories        text[]      NOT NULL CHECK (cardinality(categories) > 0),
  starts_at         timestamptz NOT NULL,
  ends_at           timestamptz CHECK (ends_at IS NULL OR ends_at > starts_at),
  -- Audience: members registered within these days, and/or one agent's team.
  new_members_days  integer     CHECK (new_members_days > 0),
  agent_team_of     bigint      REFERENCES members (id),
  sort              integer     NOT NULL DEFAULT 0,
  paused            boolean     NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);
-- The centre: a merchant's activities in display order (ended ones are filtered by time).
CREATE INDEX promotions_centre ON promotions (merchant_id, sort, id);
