-- The games catalog's version (games.repository.ts, findCatalogVersion). Each node keeps its
-- merchants' catalogs in memory and asks every few seconds whether they are stale. It used to
-- ask with a hash of every game the database computed: tens of milliseconds of a database core
-- per merchant and node each time, on a catalog of 20,000 games. Now every statement that
-- changes what a catalog is built from bumps one counter, in its own transaction, and the
-- question reads one row. A change anywhere reloads every merchant's catalog: games and
-- vendors are shared, and changes are operator actions, not traffic.
CREATE TABLE catalog_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version   bigint  NOT NULL
);
INSERT INTO catalog_version (version) VALUES (1);

CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER games_bump_catalog_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER vendors_bump_catalog_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendors
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER merchant_vendors_bump_catalog_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON merchant_vendors
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER cdns_bump_catalog_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cdns
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
-- Of a merchant, only what a catalog carries: its other settings change more often.
CREATE TRIGGER merchants_bump_catalog_version
  AFTER UPDATE OF languages, currency, currency_symbol, currency_decimals ON merchants
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
