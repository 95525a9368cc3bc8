-- Deposit bonuses with wagering (issue 24 items 2 and 3; decision 021).
-- A deposit bonus activity's rule, as the contract's BonusRule (validated on every write).
ALTER TABLE promotions ADD COLUMN bonus_rule jsonb;

-- One bonus paid to a member: the amount sits in the member's bonus account until the
-- requirement is met (released to the main wallet) or the grant ends unmet (forfeited to the
-- house). `contribution` is the rule's per-category weights at the grant, so a later edit of
-- the activity never changes a running grant's terms. One grant per deposit and activity.
CREATE TABLE bonus_grants (
  id                      bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id             integer     NOT NULL REFERENCES merchants (id),
  member_id               bigint      NOT NULL,
  promotion_id            bigint      NOT NULL REFERENCES promotions (id),
  deposit_transfer_id     bigint      NOT NULL,
  deposit_minor           bigint      NOT NULL CHECK (deposit_minor > 0),
  bonus_minor             bigint      NOT NULL CHECK (bonus_minor > 0),
  wagering_required_minor bigint      NOT NULL CHECK (wagering_required_minor > 0),
  wagered_minor           bigint      NOT NULL DEFAULT 0 CHECK (wagered_minor >= 0),
  contribution            jsonb       NOT NULL,
  forfeit_on_withdrawal   boolean     NOT NULL,
  status                  text        NOT NULL CHECK (status IN ('active', 'released', 'forfeited')),
  forfeit_reason          text        CHECK (forfeit_reason IN ('expired', 'withdrawal')),
  granted_at              timestamptz NOT NULL,
  expires_at              timestamptz NOT NULL CHECK (expires_at > granted_at),
  settled_at              timestamptz,
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id),
  UNIQUE (promotion_id, deposit_transfer_id),
  CHECK ((status = 'active') = (settled_at IS NULL)),
  CHECK ((status = 'forfeited') = (forfeit_reason IS NOT NULL))
);
CREATE INDEX bonus_grants_member ON bonus_grants (merchant_id, member_id, granted_at);
-- The open grants the wagering and expiry passes walk.
CREATE INDEX bonus_grants_active ON bonus_grants (merchant_id, expires_at) WHERE status = 'active';

-- Each settled round counted toward one grant only: its valid stake and the weighted part.
CREATE TABLE bonus_wagers (
  round_ref       bigint      PRIMARY KEY,
  grant_id        bigint      NOT NULL REFERENCES bonus_grants (id),
  stake_minor     bigint      NOT NULL CHECK (stake_minor >= 0),
  counted_minor   bigint      NOT NULL CHECK (counted_minor >= 0 AND counted_minor <= stake_minor),
  counted_at      timestamptz NOT NULL
);
CREATE INDEX bonus_wagers_grant ON bonus_wagers (grant_id);
