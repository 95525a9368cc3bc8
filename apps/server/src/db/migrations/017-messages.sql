-- Member messages (issue 6 item 4; spec section 2, Member centre menu): platform messages and
-- internal messages, sent by operators to one member or to every member of a merchant. The
-- body is HTML sanitised before it is stored (modules/content sanitizeHtml).
CREATE TABLE messages (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchants (id),
  kind        text        NOT NULL CHECK (kind IN ('platform', 'internal')),
  -- The recipient; NULL sends it to every member of the merchant, present and future.
  member_id   bigint,
  title       text        NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  content     text        NOT NULL CHECK (length(content) <= 40000),
  sent_by     text        NOT NULL,
  created_at  timestamptz NOT NULL,
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id)
);
CREATE INDEX messages_member_box ON messages (merchant_id, member_id, kind, id DESC)
  WHERE member_id IS NOT NULL;
CREATE INDEX messages_merchant_box ON messages (merchant_id, kind, id DESC)
  WHERE member_id IS NULL;

-- What one member did with one message. A message to everyone has no row per member until the
-- member reads or deletes it, so sending to a merchant of any size is one insert. A deleted
-- message stays deleted: deleted_at is never cleared.
CREATE TABLE message_states (
  member_id  bigint      NOT NULL REFERENCES members (id),
  message_id bigint      NOT NULL REFERENCES messages (id),
  read_at    timestamptz,
  deleted_at timestamptz,
  PRIMARY KEY (member_id, message_id),
  CHECK (read_at IS NOT NULL OR deleted_at IS NOT NULL)
);

CREATE TRIGGER messages_append_only BEFORE UPDATE OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();

-- The winner board and the cumulative winnings figure (modules/live) read settled real-money
-- rounds of a merchant, newest first; vendor_rounds' own index is per member.
CREATE INDEX vendor_rounds_settled_real ON vendor_rounds (merchant_id, closed_at DESC)
  WHERE status = 'settled' AND NOT play_money;
