-- Site content of issue 6: announcements (spec sections 3 and 4), the help centre's articles
-- and members' support feedback with its images. Every HTML column holds sanitised HTML: the
-- content service cleans it before it is stored (modules/content/html-sanitizer.ts).

CREATE TABLE announcements (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id    integer     NOT NULL REFERENCES merchants (id),
  title          text        NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  content        text        NOT NULL,
  promotion_type text        NOT NULL CHECK (promotion_type IN ('B', 'PL', 'PU', 'PR', 'H')),
  -- A: logged-in members, B: visitors, F: a member's first login.
  execution      text        NOT NULL CHECK (execution IN ('A', 'B', 'F')),
  platform       text        NOT NULL DEFAULT 'W' CHECK (platform IN ('W')),
  published_at   timestamptz NOT NULL,
  -- An operator took it down: it shows nowhere from then on (rows are kept for the audit).
  withdrawn_at   timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX announcements_merchant_audience
  ON announcements (merchant_id, execution, published_at DESC, id DESC);

CREATE TABLE help_articles (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchants (id),
  language    text        NOT NULL CHECK (language ~ '^[A-Z]{2}$'),
  device      text        NOT NULL DEFAULT 'WEB' CHECK (device IN ('WEB')),
  -- The name of the article in a link: /help#term.
  anchor      text        NOT NULL CHECK (anchor ~ '^[a-z][a-z0-9-]{0,31}$'),
  title       text        NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  content     text        NOT NULL,
  sort        integer     NOT NULL DEFAULT 0,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, language, device, anchor)
);

CREATE TABLE feedback (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id   integer     NOT NULL REFERENCES merchants (id),
  member_id     bigint      NOT NULL REFERENCES members (id),
  question_type text        NOT NULL
    CHECK (question_type IN ('deposit', 'withdraw', 'game', 'service', 'apply', 'other')),
  -- Plain text; the site never renders it as HTML. At most 500 characters as a person counts
  -- them (contract), which is at most 2000 code points here.
  content       text        NOT NULL CHECK (length(content) BETWEEN 1 AND 2000),
  reply         text,
  replied_by    text,
  created_at    timestamptz NOT NULL,
  replied_at    timestamptz,
  CHECK ((reply IS NULL) = (replied_at IS NULL))
);
CREATE INDEX feedback_member ON feedback (member_id, created_at DESC, id DESC);
CREATE INDEX feedback_merchant_open ON feedback (merchant_id, created_at, id) WHERE reply IS NULL;

-- Images are kept in the database so every API node can serve them; at most 3 of 5 MB each.
CREATE TABLE feedback_images (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  feedback_id  bigint NOT NULL REFERENCES feedback (id),
  content_type text   NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes        bytea  NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 5242880)
);
CREATE INDEX feedback_images_feedback ON feedback_images (feedback_id);
