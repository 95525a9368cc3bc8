-- The registration terms box starts ticked, the spec's default (section 5): a merchant set up
-- without saying otherwise gets it ticked.
ALTER TABLE register_settings ALTER COLUMN terms_checked_by_default SET DEFAULT true;
