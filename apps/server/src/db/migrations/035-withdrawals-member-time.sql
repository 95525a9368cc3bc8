-- A member's withdrawals without a status filter page and count by (requested_at, id) with the
-- merchant in the condition (decision 016). The older index had no merchant, so a generic plan
-- preferred reading the member's whole history off withdrawals_member_status and sorting it;
-- with the merchant first this index answers both, in order, from the index alone.
CREATE INDEX withdrawals_member_time ON withdrawals (merchant_id, member_id, requested_at, id);
DROP INDEX withdrawals_member;
