-- Payment records at any history size (issue 30 item 1; decision 016). A member's deposit and
-- withdrawal records and the operators' review queues page by keyset on (time, id), each off an
-- index in its order that holds its filters. The queues already have theirs
-- (deposits_status_created, withdrawals_review: merchant, status, time, id), and so do the
-- member's records without a status (deposits_member_created, withdrawals_member). A status
-- filter walked the member's whole history for its few rows: these put it before the time.
-- The queue's indexes do not serve a member, nor the member's ones a status, so none goes.
CREATE INDEX deposits_member_status ON deposits (merchant_id, member_id, status, created_at, id);
CREATE INDEX withdrawals_member_status ON withdrawals
  (merchant_id, member_id, status, requested_at, id);
