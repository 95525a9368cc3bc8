-- Contracts between an agent and a direct downline agent (issue 22 item 3; spec sections 3 and
-- 4; decision 020): a dividend or a daily, hourly or real-time salary. A row is never deleted:
-- its status moves forward and every change is an event, so the history stays whole.
CREATE TABLE agent_contracts (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchants (id),
  kind         text        NOT NULL
                           CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  -- The offering agent; null when the house (an operator) offered it to a top agent.
  upline_id    bigint      REFERENCES members (id),
  downline_id  bigint      NOT NULL REFERENCES members (id),
  -- The terms as the contract schema parsed them (packages/contract agents/contracts.ts).
  terms        jsonb       NOT NULL,
  top_rate_bp  integer     NOT NULL CHECK (top_rate_bp BETWEEN 0 AND 10000),
  status       text        NOT NULL CHECK (status IN ('pending', 'active', 'rejected', 'terminated')),
  offered_at   timestamptz NOT NULL,
  decided_at   timestamptz,
  ended_at     timestamptz,
  ended_by     text        CHECK (ended_by IN ('upline', 'downline', 'undercut', 'replaced', 'operator')),
  -- Who still has to see that it ended (the contract pop-up), null when no one.
  notice_for   text        CHECK (notice_for IN ('upline', 'downline')),
  CHECK (upline_id IS NULL OR upline_id <> downline_id),
  CHECK ((status = 'terminated') = (ended_at IS NOT NULL AND ended_by IS NOT NULL)),
  CHECK (status <> 'active' OR decided_at IS NOT NULL),
  CHECK (status = 'terminated' OR notice_for IS NULL)
);
-- One contract of a kind in force per agent, and one offer of a kind waiting.
CREATE UNIQUE INDEX agent_contracts_one_active ON agent_contracts (downline_id, kind)
  WHERE status = 'active';
CREATE UNIQUE INDEX agent_contracts_one_pending ON agent_contracts (downline_id, kind)
  WHERE status = 'pending';
CREATE INDEX agent_contracts_offered ON agent_contracts (upline_id, offered_at, id);
CREATE INDEX agent_contracts_received ON agent_contracts (downline_id, offered_at, id);
CREATE INDEX agent_contracts_in_force ON agent_contracts (merchant_id, kind) WHERE status = 'active';

CREATE TABLE agent_contract_events (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contract_id bigint      NOT NULL REFERENCES agent_contracts (id),
  event       text        NOT NULL
                          CHECK (event IN ('offered', 'accepted', 'rejected', 'terminated', 'acknowledged')),
  actor       text        NOT NULL
                          CHECK (actor IN ('upline', 'downline', 'undercut', 'replaced', 'operator', 'house')),
  at          timestamptz NOT NULL
);
CREATE INDEX agent_contract_events_contract ON agent_contract_events (contract_id, id);

CREATE FUNCTION agent_contract_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'agent_contract_events are append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER agent_contract_events_append_only BEFORE UPDATE OR DELETE ON agent_contract_events
  FOR EACH ROW EXECUTE FUNCTION agent_contract_events_append_only();
