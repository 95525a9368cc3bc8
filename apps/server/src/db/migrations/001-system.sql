-- Merchants and what the site needs before anyone logs in: brand, domains, access rules,
-- white-label modules, registration rules, CDNs, vendors, banners, notices, customer service,
-- resources; the members table (accounts are seeded, login arrives later) and the audit log.
-- Every tenant table carries merchant_id; times are timestamptz (UTC); money is bigint.

CREATE TABLE merchants (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code              text        NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9-]{2,32}$'),
  name              text        NOT NULL,
  tagline           text        NOT NULL,
  primary_color     text        NOT NULL CHECK (primary_color ~ '^#[0-9a-f]{6}$'),
  accent_color      text        NOT NULL CHECK (accent_color ~ '^#[0-9a-f]{6}$'),
  currency          text        NOT NULL DEFAULT 'THB' CHECK (currency ~ '^[A-Z]{3}$'),
  currency_symbol   text        NOT NULL DEFAULT '฿',
  currency_decimals smallint    NOT NULL DEFAULT 2 CHECK (currency_decimals BETWEEN 0 AND 4),
  time_zone         text        NOT NULL DEFAULT 'Asia/Bangkok',
  default_language  text        NOT NULL DEFAULT 'EN' CHECK (default_language IN ('EN', 'CN', 'TH', 'KM')),
  languages         text[]      NOT NULL,
  licence           text        NOT NULL,
  gtag_id           text,
  referral_enabled  boolean     NOT NULL DEFAULT false,
  vip_enabled       boolean     NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (default_language = ANY (languages))
);

-- A domain names exactly one merchant; the request's host picks the merchant through it.
CREATE TABLE merchant_domains (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  domain      text    NOT NULL UNIQUE CHECK (domain = lower(domain) AND domain !~ '[/:\s]'),
  is_main     boolean NOT NULL DEFAULT false,
  is_mirror   boolean NOT NULL DEFAULT false,
  sort        integer NOT NULL DEFAULT 0
);
CREATE INDEX merchant_domains_merchant ON merchant_domains (merchant_id, sort);
CREATE UNIQUE INDEX merchant_domains_one_main ON merchant_domains (merchant_id) WHERE is_main;

-- Maintenance window and region restriction behind system status (spec section 4).
CREATE TABLE merchant_access (
  merchant_id           integer     PRIMARY KEY REFERENCES merchants (id),
  maintenance_enabled   boolean     NOT NULL DEFAULT false,
  maintenance_starts_at timestamptz,
  maintenance_ends_at   timestamptz,
  region_enabled        boolean     NOT NULL DEFAULT false,
  countries             text[]      NOT NULL DEFAULT '{}',
  cidrs                 text[]      NOT NULL DEFAULT '{}',
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (maintenance_starts_at IS NULL OR maintenance_ends_at IS NULL
         OR maintenance_starts_at <= maintenance_ends_at)
);

-- White-label module tree (spec section 6); a parent is another module of the same merchant.
CREATE TABLE whitelabel_modules (
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  mod_id        text    NOT NULL,
  parent_mod_id text,
  enabled       boolean NOT NULL,
  sort          integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, mod_id),
  FOREIGN KEY (merchant_id, parent_mod_id) REFERENCES whitelabel_modules (merchant_id, mod_id),
  CHECK (parent_mod_id IS NULL OR parent_mod_id <> mod_id)
);

CREATE TABLE register_settings (
  merchant_id              integer  PRIMARY KEY REFERENCES merchants (id),
  mobile_length            smallint NOT NULL CHECK (mobile_length BETWEEN 6 AND 15),
  country_dialing_code     text     NOT NULL CHECK (country_dialing_code ~ '^\+[0-9]{1,4}$'),
  minimum_age              smallint NOT NULL CHECK (minimum_age >= 0),
  birthday_minimum_age     smallint CHECK (birthday_minimum_age >= 0),
  terms_checked_by_default boolean  NOT NULL,
  affiliate_code_enabled   boolean  NOT NULL
);

-- One rule per registration field (spec section 5); accepted_pattern '*' accepts anything.
CREATE TABLE register_rules (
  merchant_id      integer  NOT NULL REFERENCES merchants (id),
  field            text     NOT NULL,
  accepted_pattern text     NOT NULL,
  min_length       smallint NOT NULL CHECK (min_length >= 0),
  max_length       smallint NOT NULL CHECK (max_length >= 0),
  pattern_id       smallint NOT NULL CHECK (pattern_id BETWEEN 1 AND 19),
  enabled          boolean  NOT NULL,
  required         boolean  NOT NULL,
  PRIMARY KEY (merchant_id, field),
  CHECK (max_length = 0 OR min_length <= max_length)
);

CREATE TABLE cdns (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  kind        text    NOT NULL CHECK (kind IN ('image', 'launch')),
  base_url    text    NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  UNIQUE (merchant_id, kind, base_url)
);

CREATE TABLE customer_service (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  cs_type     text    NOT NULL,
  title       text    NOT NULL,
  path        text    NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  UNIQUE (merchant_id, cs_type, title)
);

CREATE TABLE resources (
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  resource_type text    NOT NULL,
  label_name_en text    NOT NULL,
  url           text    NOT NULL,
  PRIMARY KEY (merchant_id, resource_type)
);

-- A vendor (the spec's vassalage) in one category: JILI slots and JILI fishing are two rows.
CREATE TABLE vendors (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code         text    NOT NULL CHECK (code ~ '^[A-Z0-9_]{2,32}$'),
  category     text    NOT NULL CHECK (category IN
                 ('RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP', 'LOTT', 'ELOTT', 'ESPORTS', 'COCKFIGHT')),
  display_name text    NOT NULL,
  maintenance  boolean NOT NULL DEFAULT false,
  UNIQUE (code, category)
);

CREATE TABLE merchant_vendors (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  vendor_id   integer NOT NULL REFERENCES vendors (id),
  enabled     boolean NOT NULL DEFAULT true,
  sort        integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, vendor_id)
);

CREATE TABLE banners (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  group_name   text    NOT NULL CHECK (group_name IN ('w_home', 'w_leftmenu', 'w_forget')),
  title        text    NOT NULL,
  subtitle     text    NOT NULL DEFAULT '',
  color_from   text    NOT NULL CHECK (color_from ~ '^#[0-9a-f]{6}$'),
  color_to     text    NOT NULL CHECK (color_to ~ '^#[0-9a-f]{6}$'),
  linkage_type text    NOT NULL CHECK (linkage_type IN ('NONE', 'ROUTE', 'URL')),
  link         text,
  sort         integer NOT NULL DEFAULT 0,
  active       boolean NOT NULL DEFAULT true,
  CHECK ((linkage_type = 'NONE') = (link IS NULL))
);
CREATE INDEX banners_merchant_group ON banners (merchant_id, group_name, sort) WHERE active;

-- content is sanitised HTML: the service cleans it before it is stored.
CREATE TABLE notices (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchants (id),
  title        text        NOT NULL,
  content      text        NOT NULL,
  published_at timestamptz NOT NULL
);
CREATE INDEX notices_merchant_published ON notices (merchant_id, published_at DESC, id DESC);

-- Member types (spec section 3): 0 member, 1, 2, 41 and 42 agents, 4 trial.
CREATE TABLE members (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id   integer     NOT NULL REFERENCES merchants (id),
  username      text        NOT NULL,
  password_hash text        NOT NULL,
  type          smallint    NOT NULL CHECK (type IN (0, 1, 2, 4, 41, 42)),
  nickname      text        NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX members_merchant_username ON members (merchant_id, lower(username));

-- Who changed what and why. Rows are never updated or deleted (the trigger refuses).
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     REFERENCES merchants (id),
  actor       text        NOT NULL,
  action      text        NOT NULL,
  target      text        NOT NULL,
  reason      text        NOT NULL,
  before      jsonb,
  after       jsonb,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_merchant_at ON audit_log (merchant_id, at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
