-- Records at any history size (issue 30 item 2; decision 016). The betting record filtered by
-- vendor or category walked the member's every round to find the few of a vendor the member
-- rarely plays. Its rounds are now one range a vendor of this index. The older member index
-- (merchant_id, member_id, opened_at) serves no query since migration 028 and goes, so a round
-- still writes as many index entries as before.
CREATE INDEX vendor_rounds_member_vendor ON vendor_rounds (member_id, vendor_code, opened_at, id)
  WHERE NOT play_money;
DROP INDEX vendor_rounds_member;
