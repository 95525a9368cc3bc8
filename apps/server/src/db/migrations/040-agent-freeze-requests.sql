-- An agent's request that the operators freeze a member of its team (issue 22 item 1). The
-- agent freezes no one itself: an operator approves, which freezes the member as an operator's
-- own freeze does (member_wallet_status and the ledger accounts), or rejects. Rows are kept.
CREATE TABLE agent_freeze_requests (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id     integer     NOT NULL,
  agent_id        bigint      NOT NULL,
  member_id       bigint      NOT NULL,
  reason          text        NOT NULL,
  status          text        NOT NULL DEFAULT 'pending'
                              CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_at    timestamptz NOT NULL,
  decided_at      timestamptz,
  decided_by      text,
  decision_reason text,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  FOREIGN KEY (agent_id, merchant_id) REFERENCES members (id, merchant_id),
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id)
);
-- One request waits per member, whoever asked.
CREATE UNIQUE INDEX agent_freeze_requests_one_pending ON agent_freeze_requests (member_id)
  WHERE status = 'pending';
-- The operators' queue by status, oldest first; a member's latest request.
CREATE INDEX agent_freeze_requests_queue
  ON agent_freeze_requests (merchant_id, status, requested_at, id);
CREATE INDEX agent_freeze_requests_member ON agent_freeze_requests (member_id, id);
