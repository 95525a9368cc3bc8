-- Authentication events (issue 3; reliability checklist 40): every sign-in, failure, hold-back,
-- second verification, logout and password change, in UTC, append-only, and never a secret
-- (no password, code, token or proof: only who, from where, how and the outcome's code).
CREATE TABLE auth_events (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchants (id),
  -- Null when no account matched (a wrong username) or none is involved yet.
  member_id    bigint      REFERENCES members (id),
  -- What was typed, lower-cased, so failures against unknown usernames can be traced too.
  username_key text,
  event        text        NOT NULL CHECK (event ~ '^[a-z_]+(\.[a-z_]+)+$'),
  method       text,
  outcome_code text,
  ip           text        NOT NULL,
  user_agent   text        NOT NULL DEFAULT '' CHECK (length(user_agent) <= 512),
  at           timestamptz NOT NULL
);
CREATE INDEX auth_events_member ON auth_events (member_id, at DESC) WHERE member_id IS NOT NULL;
CREATE INDEX auth_events_merchant_at ON auth_events (merchant_id, at DESC);

-- One refusal for every append-only table from here on: it names the table it guards.
CREATE FUNCTION refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$$;
CREATE TRIGGER auth_events_append_only BEFORE UPDATE OR DELETE ON auth_events
  FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();

-- A password login held back for a second verification remembers whether the password it used
-- forces a change (123456), since the verification that finishes it never sees the password.
ALTER TABLE second_verifications
  ADD COLUMN force_password_change boolean NOT NULL DEFAULT false;
