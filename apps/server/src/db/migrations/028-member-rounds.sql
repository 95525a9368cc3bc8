-- Records at any history size (issue 30 item 2; decision 016). The betting record pages a
-- member's real-money rounds newest first by (opened_at, id) and counts and sums them within
-- its days. The index on (merchant_id, member_id, opened_at) had no id to break ties for a
-- keyset and held the trial rounds the record never shows. A round's opening time and id never
-- change, so its settlement updates still leave this index alone.
CREATE INDEX vendor_rounds_member_time ON vendor_rounds (member_id, opened_at, id)
  WHERE NOT play_money;
