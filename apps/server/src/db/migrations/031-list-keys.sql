-- Lists at any history size (issue 30 item 1; decision 016): messages, feedback and
-- reconciliation runs page by keyset on (time, id), each off an index in its order that holds
-- its filters. Notices (notices_merchant_published), announcements
-- (announcements_merchant_audience), a member's feedback (feedback_member) and the feedback
-- queue (feedback_merchant_open) already have theirs.

-- A member's box is two ranges, merged: the messages to the member and those to every member of
-- the merchant. The boxes were in id order, with no time for a cursor; the unread counts and
-- marks read the same ranges, so the indexes in id order go.
CREATE INDEX messages_member_box_time ON messages (merchant_id, member_id, kind, created_at, id)
  WHERE member_id IS NOT NULL;
CREATE INDEX messages_merchant_box_time ON messages (merchant_id, kind, created_at, id)
  WHERE member_id IS NULL;
DROP INDEX messages_member_box;
DROP INDEX messages_merchant_box;

-- Answered feedback, newest answer first (operators). A later answer moves the row.
CREATE INDEX feedback_merchant_replied ON feedback (merchant_id, replied_at, id)
  WHERE reply IS NOT NULL;

-- Runs that found something (or not): the rare failed ones must not be looked for among every
-- run of the history. The unfiltered list keeps reconciliation_runs_started.
CREATE INDEX reconciliation_runs_ok_started ON reconciliation_runs (ok, started_at, id);
