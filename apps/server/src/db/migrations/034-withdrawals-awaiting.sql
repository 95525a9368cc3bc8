-- Withdrawals awaiting the member's confirmation at any history size (issue 30 item 1; decision
-- 016). A paid withdrawal past its deadline reads as received but keeps status 'paid' in its row
-- (nothing is written when the deadline passes), so the 'paid' filter found its few live rows
-- among every paid row of the member's (or the merchant's) history. This holds only paid rows, by
-- deadline: the range after now is the live set, bounded by the confirmation window, not by
-- history.
CREATE INDEX withdrawals_awaiting ON withdrawals (merchant_id, confirm_deadline_at)
  WHERE status = 'paid';
