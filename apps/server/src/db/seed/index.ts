import { sanitizeNoticeHtml } from '../../modules/content/index.ts';
import { hashPassword } from '../../shared/password.ts';
import type { Db } from '../client.ts';
import { CONTENT_SEEDS, type ContentSeed } from './content.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import {
  acceptedPatternOf,
  MERCHANT_SEEDS,
  WHITELABEL_GROUPS,
  type MerchantSeed,
} from './merchants.ts';
import { MERCHANT_VENDOR_SEEDS, VENDOR_SEEDS } from './vendors.ts';

export { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.ts';

type Seeded = { id: number; seed: MerchantSeed; content: ContentSeed };
type Step = { name: string; run: (tx: Db, merchants: Seeded[]) => Promise<number> };

const DAY_MS = 86_400_000;

const seedMerchant = async (tx: Db, seed: MerchantSeed): Promise<number> => {
  await tx.query(
    `INSERT INTO merchants (code, name, tagline, primary_color, accent_color, default_language,
       languages, licence, referral_enabled, vip_enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (code) DO NOTHING`,
    [
      seed.code,
      seed.name,
      seed.tagline,
      seed.primaryColor,
      seed.accentColor,
      seed.defaultLanguage,
      seed.languages,
      seed.licence,
      seed.referralEnabled,
      seed.vipEnabled,
    ],
  );
  const row = await tx.one<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [seed.code]);
  return row.id;
};

/** Runs `insert` for each item and counts the items; every insert is idempotent on its own. */
const each = async <T>(
  items: readonly T[],
  insert: (item: T, index: number) => Promise<unknown>,
) => {
  for (const [index, item] of items.entries()) await insert(item, index);
  return items.length;
};

const perMerchant = async (
  merchants: Seeded[],
  fn: (merchant: Seeded) => Promise<number>,
): Promise<number> => {
  let total = 0;
  for (const merchant of merchants) total += await fn(merchant);
  return total;
};

const domains: Step = {
  name: 'domains',
  run: (tx, merchants) =>
    perMerchant(merchants, ({ id, seed }) =>
      each(seed.domains, (domain, index) =>
        tx.query(
          `INSERT INTO merchant_domains (merchant_id, domain, is_main, is_mirror, sort)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (domain) DO NOTHING`,
          [id, domain, index === 0, index > 0, index],
        ),
      ),
    ),
};

const access: Step = {
  name: 'access',
  run: (tx, merchants) =>
    perMerchant(merchants, async ({ id, seed }) => {
      await tx.query(
        `INSERT INTO merchant_access (merchant_id, region_enabled, countries, cidrs)
         VALUES ($1, $2, $3, $4) ON CONFLICT (merchant_id) DO NOTHING`,
        [id, seed.region.enabled, seed.region.countries, seed.region.cidrs],
      );
      return 1;
    }),
};

const whitelabel: Step = {
  name: 'whitelabel modules',
  run: (tx, merchants) =>
    perMerchant(merchants, ({ id, seed }) => {
      const rows = WHITELABEL_GROUPS.flatMap(({ group, flags }, groupIndex) => [
        { modId: group, parent: null, enabled: true, sort: groupIndex },
        ...flags.map((flag, index) => ({
          modId: flag,
          parent: group,
          enabled: seed.flagsOn.includes(flag),
          sort: index,
        })),
      ]);
      return each(rows, (row) =>
        tx.query(
          `INSERT INTO whitelabel_modules (merchant_id, mod_id, parent_mod_id, enabled, sort)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (merchant_id, mod_id) DO NOTHING`,
          [id, row.modId, row.parent, row.enabled, row.sort],
        ),
      );
    }),
};

const registerSettings: Step = {
  name: 'register settings',
  run: (tx, merchants) =>
    perMerchant(merchants, async ({ id, seed }) => {
      const s = seed.registerSettings;
      await tx.query(
        `INSERT INTO register_settings (merchant_id, mobile_length, country_dialing_code,
           minimum_age, birthday_minimum_age, terms_checked_by_default, affiliate_code_enabled)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (merchant_id) DO NOTHING`,
        [
          id,
          s.mobileLength,
          s.countryDialingCode,
          s.minimumAge,
          s.birthdayMinimumAge,
          s.termsCheckedByDefault,
          s.affiliateCodeEnabled,
        ],
      );
      return 1;
    }),
};

const registerRules: Step = {
  name: 'register rules',
  run: (tx, merchants) =>
    perMerchant(merchants, ({ id, seed }) =>
      each(seed.registerRules, (rule) =>
        tx.query(
          `INSERT INTO register_rules (merchant_id, field, accepted_pattern, min_length, max_length,
             pattern_id, enabled, required)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (merchant_id, field) DO NOTHING`,
          [
            id,
            rule.field,
            acceptedPatternOf(rule.patternId),
            rule.min,
            rule.max,
            rule.patternId,
            rule.enabled,
            rule.required,
          ],
        ),
      ),
    ),
};

const cdns: Step = {
  name: 'cdns',
  run: (tx, merchants) =>
    perMerchant(merchants, ({ id, content }) => {
      const rows = [
        ...content.cdns.image.map((url, sort) => ({ kind: 'image', url, sort })),
        ...content.cdns.launch.map((url, sort) => ({ kind: 'launch', url, sort })),
      ];
      return each(rows, (row) =>
        tx.query(
          `INSERT INTO cdns (merchant_id, kind, base_url, sort) VALUES ($1, $2, $3, $4)
           ON CONFLICT (merchant_id, kind, base_url) DO NOTHING`,
          [id, row.kind, row.url, row.sort],
        ),
      );
    }),
};

const customerService: Step = {
  name: 'customer service',
  run: (tx, merchants) =>
    perMerchant(merchants, ({ id, content }) =>
      each(content.customerService, (entry, sort) =>
        tx.query(
          `INSERT INTO customer_service (merchant_id, cs_type, title, path, sort)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (merchant_id, cs_type, title) DO NOTHING`,
          [id, entry.csType, entry.title, entry.path, sort],
        ),
      ),
    ),
};

const resources: Step = {
  name: 'resources',
  run: (tx, merchants) =>
    perMerchant(merchants, ({ id, content }) =>
      each(content.resources, (resource) =>
        tx.query(
          `INSERT INTO resources (merchant_id, resource_type, label_name_en, url)
           VALUES ($1, $2, $3, $4) ON CONFLICT (merchant_id, resource_type) DO NOTHING`,
          [id, resource.type, resource.label, resource.url],
        ),
      ),
    ),
};

const vendors: Step = {
  name: 'vendors',
  run: (tx) =>
    each(VENDOR_SEEDS, (vendor) =>
      tx.query(
        `INSERT INTO vendors (code, category, display_name, maintenance) VALUES ($1, $2, $3, $4)
         ON CONFLICT (code, category) DO NOTHING`,
        [vendor.code, vendor.category, vendor.displayName, vendor.maintenance ?? false],
      ),
    ),
};

const merchantVendors: Step = {
  name: 'merchant vendors',
  run: (tx, merchants) =>
    perMerchant(merchants, ({ id, seed }) =>
      each(MERCHANT_VENDOR_SEEDS[seed.code] ?? [], async (key, sort) => {
        const vendor = await tx.one<{ id: number }>(
          "SELECT id FROM vendors WHERE code || '/' || category = $1",
          [key],
        );
        await tx.query(
          `INSERT INTO merchant_vendors (merchant_id, vendor_id, sort) VALUES ($1, $2, $3)
           ON CONFLICT (merchant_id, vendor_id) DO NOTHING`,
          [id, vendor.id, sort],
        );
      }),
    ),
};

const banners: Step = {
  name: 'banners',
  run: (tx, merchants) =>
    perMerchant(merchants, ({ id, content }) =>
      each(content.banners, (banner, sort) =>
        tx.query(
          `INSERT INTO banners (merchant_id, group_name, title, subtitle, color_from, color_to,
             linkage_type, link, sort)
           SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
           WHERE NOT EXISTS (SELECT 1 FROM banners WHERE merchant_id = $1 AND group_name = $2 AND title = $3)`,
          [
            id,
            banner.group,
            banner.title,
            banner.subtitle,
            banner.colorFrom,
            banner.colorTo,
            banner.link?.type ?? 'NONE',
            banner.link?.to ?? null,
            sort,
          ],
        ),
      ),
    ),
};

const notices: Step = {
  name: 'notices',
  run: (tx, merchants) =>
    perMerchant(merchants, ({ id, content }) =>
      each(content.notices, (notice, index) =>
        tx.query(
          `INSERT INTO notices (merchant_id, title, content, published_at)
           SELECT $1, $2, $3, $4
           WHERE NOT EXISTS (SELECT 1 FROM notices WHERE merchant_id = $1 AND title = $2)`,
          [
            id,
            notice.title,
            sanitizeNoticeHtml(notice.html),
            new Date(Date.now() - index * DAY_MS),
          ],
        ),
      ),
    ),
};

const members: Step = {
  name: 'members',
  run: (tx, merchants) =>
    each(DEMO_ACCOUNTS, async (account) => {
      const merchant = merchants.find((m) => m.seed.code === account.merchantCode);
      if (!merchant) throw new Error(`demo account for unknown merchant ${account.merchantCode}`);
      const existing = await tx.maybeOne(
        'SELECT 1 FROM members WHERE merchant_id = $1 AND lower(username) = lower($2)',
        [merchant.id, account.username],
      );
      if (existing) return;
      await tx.query(
        `INSERT INTO members (merchant_id, username, password_hash, type, nickname)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          merchant.id,
          account.username,
          await hashPassword(account.password),
          account.type,
          account.nickname,
        ],
      );
    }),
};

const STEPS: Step[] = [
  domains,
  access,
  whitelabel,
  registerSettings,
  registerRules,
  cdns,
  customerService,
  resources,
  vendors,
  merchantVendors,
  banners,
  notices,
  members,
];

/**
 * Writes the demo data: two merchants with their brand, domains, rules, vendors and content,
 * and the demo accounts. Idempotent: a second run adds nothing and changes nothing that an
 * operator edited. Prints one line per step (`seed: vendors ... 35`).
 */
export const seed = async (
  db: Db,
  log: (line: string) => void = () => undefined,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const merchants: Seeded[] = [];
    for (const merchantSeed of MERCHANT_SEEDS) {
      const content = CONTENT_SEEDS[merchantSeed.code];
      if (!content) throw new Error(`no content seed for merchant ${merchantSeed.code}`);
      merchants.push({ id: await seedMerchant(tx, merchantSeed), seed: merchantSeed, content });
    }
    log(`seed: merchants ... ${merchants.length}`);
    for (const step of STEPS) log(`seed: ${step.name} ... ${await step.run(tx, merchants)}`);
  });
};

/** True when the database has no merchant yet: the first start of a new installation. */
export const isEmpty = async (db: Db): Promise<boolean> => {
  const row = await db.one<{ count: number }>('SELECT count(*)::int AS count FROM merchants');
  return row.count === 0;
};
