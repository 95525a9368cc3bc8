-- Apply-and-review activities (issue 24 item 2; spec section 5, activity application): a
-- member's application with its comment and images, and the operator's decision. One waits or
-- is approved per member and activity; a rejected one leaves room for another.
CREATE TABLE promotion_applications (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchants (id),
  promotion_id bigint      NOT NULL REFERENCES promotions (id),
  member_id    bigint      NOT NULL,
  comment      text        NOT NULL,
  status       text        NOT NULL CHECK (status IN ('applying', 'rejected', 'issued')),
  reward_minor bigint      CHECK (reward_minor > 0),
  review_note  text,
  reviewed_by  text,
  applied_at   timestamptz NOT NULL,
  reviewed_at  timestamptz,
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id),
  CHECK ((status = 'applying') = (reviewed_at IS NULL)),
  CHECK ((status = 'issued') = (reward_minor IS NOT NULL))
);
CREATE UNIQUE INDEX promotion_applications_open
  ON promotion_applications (promotion_id, member_id) WHERE status IN ('applying', 'issued');
CREATE INDEX promotion_applications_queue ON promotion_applications (merchant_id, status, id);
CREATE INDEX promotion_applications_member ON promotion_applications (member_id, id DESC);

CREATE TABLE promotion_application_images (
  application_id bigint  NOT NULL REFERENCES promotion_applications (id),
  position       integer NOT NULL CHECK (position BETWEEN 0 AND 2),
  content_type   text    NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes          bytea   NOT NULL,
  PRIMARY KEY (application_id, position)
);
