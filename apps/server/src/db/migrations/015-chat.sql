-- The chat room (issue 6 item 9): one room per merchant. Messages are plain text, kept with the
-- author's display name as it was when sent; an operator's delete hides a message (deleted_at,
-- by whom and why) and keeps the row for the record. Mutes and the external-chat switch are
-- operator settings, each change audit-logged by the service.
CREATE TABLE chat_messages (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchants (id),
  member_id   bigint      NOT NULL REFERENCES members (id),
  author_name text        NOT NULL CHECK (length(author_name) BETWEEN 1 AND 64),
  -- 200 code points at most (contract CHAT_MESSAGE_MAX_LENGTH); char_length counts them.
  text        text        NOT NULL CHECK (char_length(text) BETWEEN 1 AND 200),
  sent_at     timestamptz NOT NULL,
  deleted_at  timestamptz,
  deleted_by  text        CHECK (length(deleted_by) BETWEEN 1 AND 200),
  CHECK ((deleted_at IS NULL) = (deleted_by IS NULL))
);
-- History pages the room newest first; the rate limit counts a member's recent messages.
CREATE INDEX chat_messages_room ON chat_messages (merchant_id, id DESC);
CREATE INDEX chat_messages_member ON chat_messages (merchant_id, member_id, sent_at DESC);

CREATE TABLE chat_mutes (
  merchant_id integer     NOT NULL REFERENCES merchants (id),
  member_id   bigint      NOT NULL REFERENCES members (id),
  muted_until timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, member_id)
);

-- A merchant without a row uses the built-in room.
CREATE TABLE chat_settings (
  merchant_id       integer     PRIMARY KEY REFERENCES merchants (id),
  external_chat_url text        CHECK (external_chat_url ~ '^https?://' AND length(external_chat_url) <= 500),
  updated_at        timestamptz NOT NULL
);
