-- Social login through OpenID Connect (issue 3 item 10; spec section 2, Login popup; decision
-- 006). Times are written from the server's clock. Every tenant table carries merchant_id.

-- The providers a merchant offers on its login popup, in `sort` order. kind 'oidc' is any
-- OpenID provider (Google, LINE, Facebook...) found by its issuer URL; kind 'local' is the local
-- OpenID provider this server mounts at /local-oidc outside production (LOCAL_OIDC_PROVIDER),
-- whose issuer is the site's own origin, so it has none here. Without a client secret the
-- client is public and relies on PKCE alone.
CREATE TABLE social_providers (
  id            integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id   integer     NOT NULL REFERENCES merchants (id),
  key           text        NOT NULL CHECK (key ~ '^[a-z][a-z0-9-]{1,31}$'),
  display_name  text        NOT NULL CHECK (length(display_name) BETWEEN 1 AND 64),
  kind          text        NOT NULL CHECK (kind IN ('oidc', 'local')),
  issuer_url    text        CHECK (issuer_url ~ '^https?://[^\s]+$'),
  client_id     text        NOT NULL CHECK (length(client_id) BETWEEN 1 AND 512),
  client_secret text        CHECK (length(client_secret) BETWEEN 1 AND 1024),
  scopes        text        NOT NULL DEFAULT 'openid profile email'
                            CHECK (scopes ~ '(^| )openid( |$)'),
  enabled       boolean     NOT NULL DEFAULT true,
  sort          integer     NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, key),
  UNIQUE (merchant_id, id),
  CHECK ((kind = 'local') = (issuer_url IS NULL))
);

-- Who a provider's subject is here. A subject is unique only within its issuer (and for some
-- providers within the client), so a link belongs to the merchant's provider row. The first
-- sign-in of an unknown subject creates a member; it is never linked to an existing account by
-- e-mail or name, because a provider's e-mail claim does not prove the account is theirs.
CREATE TABLE social_identities (
  provider_id   integer     NOT NULL,
  subject       text        NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  merchant_id   integer     NOT NULL,
  member_id     bigint      NOT NULL REFERENCES members (id),
  created_at    timestamptz NOT NULL,
  last_login_at timestamptz NOT NULL,
  PRIMARY KEY (provider_id, subject),
  FOREIGN KEY (merchant_id, provider_id) REFERENCES social_providers (merchant_id, id)
);
CREATE INDEX social_identities_member ON social_identities (member_id);

-- Sign-ins under way: between the start (the browser leaves for the provider) and the callback.
-- Only hashes of the state and of the browser-binding cookie are kept; the nonce and the PKCE
-- verifier are needed in clear to redeem the code. Single use (used_at), ten minutes at most.
CREATE TABLE social_login_flows (
  state_hash    text        PRIMARY KEY CHECK (state_hash ~ '^[0-9a-f]{64}$'),
  merchant_id   integer     NOT NULL,
  provider_id   integer     NOT NULL,
  binding_hash  text        NOT NULL CHECK (binding_hash ~ '^[0-9a-f]{64}$'),
  nonce         text        NOT NULL,
  code_verifier text        NOT NULL,
  redirect_uri  text        NOT NULL,
  ip            text        NOT NULL,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz,
  FOREIGN KEY (merchant_id, provider_id) REFERENCES social_providers (merchant_id, id),
  CHECK (expires_at > created_at)
);
CREATE INDEX social_login_flows_ip ON social_login_flows (merchant_id, ip, created_at DESC);
CREATE INDEX social_login_flows_expiry ON social_login_flows (expires_at);
