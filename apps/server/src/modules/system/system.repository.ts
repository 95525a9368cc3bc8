import type { Db } from '../../db/client.ts';

export type MerchantRef = { id: number; code: string };

export type MerchantRow = MerchantRef & {
  name: string;
  tagline: string;
  primary_color: string;
  accent_color: string;
  currency: string;
  currency_symbol: string;
  currency_decimals: number;
  time_zone: string;
  default_language: string;
  languages: string[];
  licence: string;
  gtag_id: string | null;
  referral_enabled: boolean;
  vip_enabled: boolean;
};

export type DomainRow = { domain: string; is_main: boolean; is_mirror: boolean };

export type AccessRow = {
  maintenance_enabled: boolean;
  maintenance_starts_at: Date | null;
  maintenance_ends_at: Date | null;
  region_enabled: boolean;
  countries: string[];
  cidrs: string[];
};

export type ModuleRow = { mod_id: string; parent_mod_id: string | null; enabled: boolean };

export type RegisterSettingsRow = {
  mobile_length: number;
  country_dialing_code: string;
  minimum_age: number;
  birthday_minimum_age: number | null;
  terms_checked_by_default: boolean;
  affiliate_code_enabled: boolean;
};

export type RegisterRuleRow = {
  field: string;
  accepted_pattern: string;
  min_length: number;
  max_length: number;
  pattern_id: number;
  enabled: boolean;
  required: boolean;
};

export const findMerchantByDomain = (db: Db, domain: string) =>
  db.maybeOne<MerchantRef>(
    `SELECT m.id, m.code FROM merchant_domains d JOIN merchants m ON m.id = d.merchant_id
     WHERE d.domain = $1`,
    [domain],
  );

export const findMerchantByCode = (db: Db, code: string) =>
  db.maybeOne<MerchantRef>('SELECT id, code FROM merchants WHERE code = $1', [code]);

/** Every merchant of the installation, oldest first. */
export const findMerchantRefs = (db: Db) =>
  db.query<MerchantRef>('SELECT id, code FROM merchants ORDER BY id');

export const getMerchant = (db: Db, merchantId: number) =>
  db.one<MerchantRow>('SELECT * FROM merchants WHERE id = $1', [merchantId]);

export const findDomains = (db: Db, merchantId: number) =>
  db.query<DomainRow>(
    `SELECT domain, is_main, is_mirror FROM merchant_domains WHERE merchant_id = $1
     ORDER BY is_main DESC, sort, domain`,
    [merchantId],
  );

/** The access row, if the merchant has one; `forUpdate` locks it until the transaction ends (read-modify-write). */
export const findAccess = (db: Db, merchantId: number, forUpdate = false) =>
  db.maybeOne<AccessRow>(
    `SELECT maintenance_enabled, maintenance_starts_at, maintenance_ends_at, region_enabled,
       countries, cidrs
     FROM merchant_access WHERE merchant_id = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [merchantId],
  );

/** Creates the default row of a merchant that has none yet (open, unrestricted). */
export const ensureAccess = (db: Db, merchantId: number) =>
  db.query('INSERT INTO merchant_access (merchant_id) VALUES ($1) ON CONFLICT DO NOTHING', [
    merchantId,
  ]);

export const updateAccess = (db: Db, merchantId: number, row: AccessRow) =>
  db.query(
    `UPDATE merchant_access SET maintenance_enabled = $2, maintenance_starts_at = $3,
       maintenance_ends_at = $4, region_enabled = $5, countries = $6, cidrs = $7, updated_at = now()
     WHERE merchant_id = $1`,
    [
      merchantId,
      row.maintenance_enabled,
      row.maintenance_starts_at,
      row.maintenance_ends_at,
      row.region_enabled,
      row.countries,
      row.cidrs,
    ],
  );

export const findModules = (db: Db, merchantId: number) =>
  db.query<ModuleRow>(
    `SELECT mod_id, parent_mod_id, enabled FROM whitelabel_modules WHERE merchant_id = $1
     ORDER BY sort, mod_id`,
    [merchantId],
  );

export const findModuleEnabled = (db: Db, merchantId: number, modId: string) =>
  db.maybeOne<{ enabled: boolean }>(
    'SELECT enabled FROM whitelabel_modules WHERE merchant_id = $1 AND mod_id = $2',
    [merchantId, modId],
  );

export const getRegisterSettings = (db: Db, merchantId: number) =>
  db.one<RegisterSettingsRow>(
    `SELECT mobile_length, country_dialing_code, minimum_age, birthday_minimum_age,
       terms_checked_by_default, affiliate_code_enabled
     FROM register_settings WHERE merchant_id = $1`,
    [merchantId],
  );

export const findRegisterRules = (db: Db, merchantId: number) =>
  db.query<RegisterRuleRow>(
    `SELECT field, accepted_pattern, min_length, max_length, pattern_id, enabled, required
     FROM register_rules WHERE merchant_id = $1 ORDER BY field`,
    [merchantId],
  );
