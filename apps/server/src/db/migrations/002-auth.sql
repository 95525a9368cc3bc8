-- Accounts: sign-in, registration, passwords and sessions (issue 3; spec sections 3 to 8;
-- reliability checklist 10, 14, 15, 18, 38). Times are written from the server's clock, not
-- now(), so tests can stand at any instant. Every tenant table carries merchant_id.

-- Member types (spec section 3): 0 member; 1, 2, 41 and 42 agents; 4 trial; 9 a house account
-- (operators' own bookkeeping account: not a member, it can never log in to the site).
ALTER TABLE members DROP CONSTRAINT members_type_check;
ALTER TABLE members ADD CONSTRAINT members_type_check CHECK (type IN (0, 1, 2, 4, 9, 41, 42));

ALTER TABLE members
  ADD COLUMN status              text        NOT NULL DEFAULT 'active'
                                             CHECK (status IN ('active', 'disabled')),
  ADD COLUMN password_changed_at timestamptz,
  -- False for an account someone else opened (an agent for a downline): its first login forces
  -- a password change. Self-registered and seeded accounts chose their password.
  ADD COLUMN first_login_done    boolean     NOT NULL DEFAULT true,
  ADD COLUMN upline_id           bigint      REFERENCES members (id),
  ADD COLUMN referrer_id         bigint      REFERENCES members (id),
  -- An agent's code for affiliate registration; a member's code for invite-a-friend.
  ADD COLUMN affiliate_code      text        CHECK (affiliate_code ~ '^[A-Za-z0-9]{4,32}$'),
  ADD COLUMN referral_code       text        CHECK (referral_code ~ '^[A-Za-z0-9]{4,32}$'),
  ADD COLUMN email               text,
  ADD COLUMN mobile_num          text,
  ADD COLUMN country_dialing_code text,
  ADD COLUMN register_ip         text,
  ADD COLUMN register_method     text        NOT NULL DEFAULT 'SEED'
                                             CHECK (register_method IN ('SEED', 'WEB', 'MOBILE', 'FREEPLAY', 'AGENT', 'SOCIAL')),
  ADD COLUMN last_login_at       timestamptz,
  ADD COLUMN last_login_ip       text,
  ADD CONSTRAINT members_upline_not_self CHECK (upline_id IS NULL OR upline_id <> id);
UPDATE members SET password_changed_at = created_at;
ALTER TABLE members ALTER COLUMN password_changed_at SET DEFAULT now(),
  ALTER COLUMN password_changed_at SET NOT NULL;

CREATE UNIQUE INDEX members_affiliate_code ON members (merchant_id, upper(affiliate_code))
  WHERE affiliate_code IS NOT NULL;
CREATE UNIQUE INDEX members_referral_code ON members (merchant_id, upper(referral_code))
  WHERE referral_code IS NOT NULL;
CREATE INDEX members_mobile ON members (merchant_id, mobile_num) WHERE mobile_num IS NOT NULL;
CREATE INDEX members_email ON members (merchant_id, lower(email)) WHERE email IS NOT NULL;
-- Free play creates accounts: counted per address to bound it.
CREATE INDEX members_register_ip ON members (merchant_id, register_ip, created_at DESC)
  WHERE register_ip IS NOT NULL;

-- The rest of what registration may collect (spec section 3, Register user), one row per member.
-- Nothing here decides a role, a balance or an upline: those live on members and are never
-- written from a form (checklist 20).
CREATE TABLE member_profiles (
  member_id             bigint  PRIMARY KEY REFERENCES members (id),
  merchant_id           integer NOT NULL REFERENCES merchants (id),
  payee_name            text,
  qq_num                text,
  line                  text,
  whatsapp              text,
  facebook              text,
  wechat                text,
  zalo                  text,
  telegram              text,
  id_number             text,
  birthday              date,
  address               text,
  nationality           text,
  occupation            text,
  source_of_income      text,
  payment_password_hash text,
  register_url          text,
  register_domain       text
);

-- The agent hierarchy as a closure table: one row per (ancestor, descendant) pair including
-- each member with itself at depth 0, so a whole subtree is one indexed lookup on ancestor_id
-- and the upline chain one lookup on descendant_id (checklist 18).
CREATE TABLE agent_hierarchy (
  merchant_id   integer  NOT NULL REFERENCES merchants (id),
  ancestor_id   bigint   NOT NULL REFERENCES members (id),
  descendant_id bigint   NOT NULL REFERENCES members (id),
  depth         smallint NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (ancestor_id, descendant_id),
  CHECK ((depth = 0) = (ancestor_id = descendant_id))
);
CREATE INDEX agent_hierarchy_descendant ON agent_hierarchy (descendant_id, depth);
INSERT INTO agent_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
  SELECT merchant_id, id, id, 0 FROM members;

-- Sessions: the client holds an opaque 256-bit token; only its SHA-256 is stored. A session
-- ends at expires_at (absolute), after the idle timeout since last_seen_at, or when revoked.
CREATE TABLE sessions (
  id                uuid        PRIMARY KEY,
  token_hash        text        NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  merchant_id       integer     NOT NULL REFERENCES merchants (id),
  member_id         bigint      NOT NULL REFERENCES members (id),
  login_method      text        NOT NULL
                                CHECK (login_method IN ('password', 'register', 'freeplay', 'code', 'social')),
  created_at        timestamptz NOT NULL,
  last_seen_at      timestamptz NOT NULL,
  expires_at        timestamptz NOT NULL,
  revoked_at        timestamptz,
  revoke_reason     text        CHECK (revoke_reason IN ('logout', 'password', 'others', 'disabled')),
  ip                text        NOT NULL,
  user_agent        text        NOT NULL DEFAULT '',
  previous_login_at timestamptz,
  previous_login_ip text,
  CHECK (expires_at > created_at),
  CHECK ((revoked_at IS NULL) = (revoke_reason IS NULL))
);
CREATE INDEX sessions_member_active ON sessions (member_id, created_at DESC) WHERE revoked_at IS NULL;

-- Every password login attempt, for captcha and throttling (checklist 10). username_key is the
-- lower-cased username as typed, whether or not an account has it, so the rules behave the same
-- for unknown names and reveal nothing.
CREATE TABLE login_attempts (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchants (id),
  username_key text        NOT NULL,
  ip           text        NOT NULL,
  at           timestamptz NOT NULL,
  succeeded    boolean     NOT NULL
);
CREATE INDEX login_attempts_account ON login_attempts (merchant_id, username_key, at DESC);
CREATE INDEX login_attempts_ip ON login_attempts (merchant_id, ip, at DESC);

-- Captchas: only the SHA-256 of the answer is kept; single use (used_at), short-lived.
CREATE TABLE captchas (
  id          uuid        PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchants (id),
  answer_hash text        NOT NULL CHECK (answer_hash ~ '^[0-9a-f]{64}$'),
  ip          text        NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX captchas_ip ON captchas (merchant_id, ip, created_at DESC);
CREATE INDEX captchas_expiry ON captchas (expires_at);

-- Nonces of sealed payloads already opened, kept past their time window so that a replay is
-- refused on any node (checklist 38). Not tenant data: a nonce is random and global.
CREATE TABLE payload_nonces (
  nonce      text        PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX payload_nonces_expiry ON payload_nonces (expires_at);
