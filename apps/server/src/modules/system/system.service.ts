import {
  BUNDLED_LANGUAGES,
  LanguageSchema,
  RegisterFieldSchema,
  type DomainLine,
  type FieldRule,
  type MerchantAccessSettings,
  type MerchantBrand,
  type Permission,
  type RegisterRules,
  type RegisterSettings,
  type SystemStatus,
  type WhitelabelFlag,
  type WhitelabelNode,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { toIsoOrNull } from '../../shared/clock.ts';
import { AppError, type Issue } from '../../shared/app-error.ts';
import { findCdns, findCustomerService, findResources } from '../content/index.ts';
import type { AccessSettingsCache } from './access-cache.ts';
import { deriveStatus, isRegionBlocked, isValidCidr, type Visitor } from './access-rules.ts';
import * as repository from './system.repository.ts';
import type { AccessRow, ModuleRow } from './system.repository.ts';

/** The path the server-speed selector times on each domain (spec section 4, speed test). */
export const PING_PATH = '/healthz';

// A merchant without an access row is open and unrestricted.
const OPEN_ACCESS: AccessRow = {
  maintenance_enabled: false,
  maintenance_starts_at: null,
  maintenance_ends_at: null,
  region_enabled: false,
  countries: [],
  cidrs: [],
};

export const toAccessSettings = (row: AccessRow): MerchantAccessSettings => ({
  maintenance: {
    enabled: row.maintenance_enabled,
    startsAt: toIsoOrNull(row.maintenance_starts_at),
    endsAt: toIsoOrNull(row.maintenance_ends_at),
  },
  regionRestriction: { enabled: row.region_enabled, countries: row.countries, cidrs: row.cidrs },
});

export const getAccessSettings = async (db: Db, merchantId: number) =>
  toAccessSettings((await repository.findAccess(db, merchantId)) ?? OPEN_ACCESS);

const accessIssues = (settings: MerchantAccessSettings): Issue[] => {
  const { startsAt, endsAt } = settings.maintenance;
  const issues: Issue[] = settings.regionRestriction.cidrs.flatMap((cidr, index) =>
    isValidCidr(cidr)
      ? []
      : [{ path: `regionRestriction.cidrs.${index}`, message: 'not a valid CIDR range' }],
  );
  if (startsAt && endsAt && Date.parse(startsAt) > Date.parse(endsAt)) {
    issues.push({ path: 'maintenance.endsAt', message: 'must not be before startsAt' });
  }
  return issues;
};

const toAccessRow = (settings: MerchantAccessSettings): AccessRow => ({
  maintenance_enabled: settings.maintenance.enabled,
  maintenance_starts_at: settings.maintenance.startsAt
    ? new Date(settings.maintenance.startsAt)
    : null,
  maintenance_ends_at: settings.maintenance.endsAt ? new Date(settings.maintenance.endsAt) : null,
  region_enabled: settings.regionRestriction.enabled,
  countries: [...new Set(settings.regionRestriction.countries)],
  cidrs: [...new Set(settings.regionRestriction.cidrs)],
});

export type AccessChange = { before: MerchantAccessSettings; after: MerchantAccessSettings };

/**
 * Replaces a merchant's maintenance and region settings inside the caller's transaction,
 * holding the row lock so `before` is exactly what this change replaced.
 */
export const replaceAccessSettings = async (
  tx: Db,
  merchantId: number,
  settings: MerchantAccessSettings,
): Promise<AccessChange> => {
  const issues = accessIssues(settings);
  if (issues.length > 0) throw new AppError('RULES_NOT_MET', { issues });
  await repository.ensureAccess(tx, merchantId);
  const before = toAccessSettings(
    (await repository.findAccess(tx, merchantId, true)) ?? OPEN_ACCESS,
  );
  await repository.updateAccess(tx, merchantId, toAccessRow(settings));
  return { before, after: await getAccessSettings(tx, merchantId) };
};

/** Status from the merchant's settings (the routes read them through the access cache). */
export const getStatus = (
  settings: MerchantAccessSettings,
  visitor: Visitor,
  now: Date,
): SystemStatus => ({ ...deriveStatus(settings, visitor, now), ip: visitor.ip });

/**
 * The module tree from its rows: roots first, children under their parent in sort order. A
 * row whose parent chain never reaches a root (a cycle) is not shown.
 */
export const buildWhitelabelTree = (rows: readonly ModuleRow[]): WhitelabelNode[] => {
  const childrenOf = (parent: string | null, depth: number): WhitelabelNode[] =>
    depth > rows.length
      ? []
      : rows
          .filter((row) => row.parent_mod_id === parent)
          .map((row) => ({
            modId: row.mod_id,
            enabled: row.enabled ? '1' : '0',
            childrenNodes: childrenOf(row.mod_id, depth + 1),
          }));
  return childrenOf(null, 0);
};

export const getWhitelabel = async (db: Db, merchantId: number): Promise<WhitelabelNode[]> =>
  buildWhitelabelTree(await repository.findModules(db, merchantId));

/** A flag is on when its own module is enabled; children inherit nothing (contract). */
const isFlagOn = (rows: readonly ModuleRow[], flag: WhitelabelFlag): boolean =>
  rows.some((row) => row.mod_id === flag && row.enabled);

/** Whether a white-label flag is on for the merchant (its own module row enabled). */
export const isWhitelabelFlagOn = async (
  db: Db,
  merchantId: number,
  flag: WhitelabelFlag,
): Promise<boolean> => (await repository.findModuleEnabled(db, merchantId, flag))?.enabled ?? false;

export const getMerchantBrand = async (db: Db, merchantId: number): Promise<MerchantBrand> => {
  const row = await repository.getMerchant(db, merchantId);
  const defaultLanguage = BUNDLED_LANGUAGES.find((language) => language === row.default_language);
  return {
    code: row.code,
    name: row.name,
    tagline: row.tagline,
    primaryColor: row.primary_color,
    accentColor: row.accent_color,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    currencyDecimals: row.currency_decimals,
    timeZone: row.time_zone,
    defaultLanguage: defaultLanguage ?? 'EN',
    languages: row.languages.flatMap((code) => {
      const language = LanguageSchema.safeParse(code);
      return language.success ? [language.data] : [];
    }),
    licence: row.licence,
  };
};

export type DomainRoute = { mainDomain: string; mirrors: string[] };

export const getDomainRoute = async (db: Db, merchantId: number): Promise<DomainRoute> => {
  const rows = await repository.findDomains(db, merchantId);
  const main = rows.find((row) => row.is_main) ?? rows[0];
  return {
    mainDomain: main?.domain ?? '',
    mirrors: rows.filter((row) => row.is_mirror && row !== main).map((row) => row.domain),
  };
};

/** Main domain first, then the mirrors. */
const domainsOf = (route: DomainRoute): string[] =>
  [route.mainDomain, ...route.mirrors].filter((domain) => domain !== '');

/** Every domain of the merchant, main first. */
export const getDomainNames = async (db: Db, merchantId: number): Promise<string[]> =>
  domainsOf(await getDomainRoute(db, merchantId));

/** The domains the server-speed selector tests (it times the first 5). */
export const getRouters = async (db: Db, merchantId: number): Promise<DomainLine[]> => {
  const route = await getDomainRoute(db, merchantId);
  return domainsOf(route).map((domainName) => ({ domainName, pingPath: PING_PATH }));
};

export const getRegisterSettings = async (
  db: Db,
  merchantId: number,
): Promise<RegisterSettings> => {
  const [row, modules] = await Promise.all([
    repository.getRegisterSettings(db, merchantId),
    repository.findModules(db, merchantId),
  ]);
  // The three registration switches are the white-label flags themselves (spec section 6),
  // so the form and the flag tree can never disagree.
  return {
    mobileRegistration: isFlagOn(modules, 'MOBILENUMREG3'),
    smsVerification: isFlagOn(modules, 'REGMOBVERF3'),
    mobilePasswordRegistration: isFlagOn(modules, 'MOBILENUMPASSREG3'),
    mobileLength: row.mobile_length,
    countryDialingCode: row.country_dialing_code,
    minimumAge: row.minimum_age,
    birthdayMinimumAge: row.birthday_minimum_age,
    termsCheckedByDefault: row.terms_checked_by_default,
    affiliateCodeEnabled: row.affiliate_code_enabled,
  };
};

export const getRegisterRules = async (db: Db, merchantId: number): Promise<RegisterRules> => {
  const rules: RegisterRules = {};
  for (const row of await repository.findRegisterRules(db, merchantId)) {
    const field = RegisterFieldSchema.safeParse(row.field);
    if (!field.success) continue;
    const rule: FieldRule = {
      acceptedPattern: row.accepted_pattern,
      minLength: row.min_length,
      maxLength: row.max_length,
      patternId: row.pattern_id,
      enabled: row.enabled,
      required: row.required,
    };
    rules[field.data] = rule;
  }
  return rules;
};

export const getPermission = async (
  db: Db,
  merchantId: number,
  visitor: Visitor,
  accessSettings: Pick<AccessSettingsCache, 'get'>,
): Promise<Permission> => {
  const [merchant, route, access, whitelabel, registerRules, customerService, resources, cdns] =
    await Promise.all([
      repository.getMerchant(db, merchantId),
      getDomainRoute(db, merchantId),
      accessSettings.get(merchantId),
      getWhitelabel(db, merchantId),
      getRegisterRules(db, merchantId),
      findCustomerService(db, merchantId),
      findResources(db, merchantId),
      findCdns(db, merchantId),
    ]);
  return {
    customerService,
    domainRoute: domainsOf(route),
    resources,
    whitelabel,
    registerRules,
    mainDomain: route.mainDomain,
    analytics: { gtagId: merchant.gtag_id },
    imageCDNs: cdns.imageCDNs,
    launchGameCDNs: cdns.launchGameCDNs,
    location: { ip: visitor.ip, countryCode: visitor.countryCode },
    maintenance: access.maintenance,
    regionRestriction: {
      enabled: access.regionRestriction.enabled,
      blocked: isRegionBlocked(access.regionRestriction, visitor),
    },
    referralEnabled: merchant.referral_enabled,
    vipEnabled: merchant.vip_enabled,
  };
};

/** The merchant an operator route names by its code; an unknown code is NOT_FOUND. */
export const getMerchantByCode = async (db: Db, code: string): Promise<repository.MerchantRef> => {
  const merchant = await repository.findMerchantByCode(db, code);
  if (!merchant) throw new AppError('NOT_FOUND');
  return merchant;
};
