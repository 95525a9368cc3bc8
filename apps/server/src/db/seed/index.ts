import { sanitizeHtml } from '../../modules/content/index.ts';
import { newCommittedSeed } from '../../modules/promotions/index.ts';
import { LOCAL_OIDC_CLIENT_ID } from '../../providers/openid/index.ts';
import { hashPassword } from '../../shared/password.ts';
import type { Db, SqlParam } from '../client.ts';
import { CONTENT_SEEDS, type ContentSeed } from './content.ts';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.ts';
import { seedGames } from './games.ts';
import { seedJackpotPools } from './jackpot-pools.ts';
import { seedOpeningBalances } from './opening-balances.ts';
import { seedPaymentChannels } from './payment-channels.ts';
import { seedHelpArticles } from './help-articles.ts';
import {
  acceptedPatternOf,
  MERCHANT_SEEDS,
  WHITELABEL_GROUPS,
  type MerchantSeed,
} from './merchants.ts';
import { MERCHANT_VENDOR_SEEDS, VENDOR_SEEDS } from './vendors.ts';
import { seedWalletSettings } from './wallet-settings.ts';

export { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.ts';

type Seeded = { id: number; seed: MerchantSeed; content: ContentSeed };
/** Each demo account's password hash, computed in parallel while the other steps write. */
export type PasswordHashes = ReadonlyMap<DemoAccount, Promise<string>>;
type Step = {
  name: string;
  run: (tx: Db, merchants: Seeded[], hashes: PasswordHashes) => Promise<number>;
};
type Row = readonly SqlParam[];

const DAY_MS = 86_400_000;

/** `($1, $2), ($3, $4)`: the placeholders of rows of equal width, each cast when `casts` says. */
const placeholders = (rows: readonly Row[], casts: readonly string[] = []): string =>
  rows
    .map((row, r) => {
      const cells = row.map((_, c) => {
        const cast = casts[c];
        return `$${r * row.length + c + 1}${cast ? `::${cast}` : ''}`;
      });
      return `(${cells.join(', ')})`;
    })
    .join(', ');

/**
 * Writes a step's rows in one statement, one round trip, and counts them. Every row is
 * idempotent on its own (`onConflict`), so a second run adds nothing.
 */
const insertRows = async (
  tx: Db,
  into: string,
  rows: readonly Row[],
  onConflict: string,
): Promise<number> => {
  if (rows.length > 0) {
    await tx.query(`INSERT INTO ${into} VALUES ${placeholders(rows)} ${onConflict}`, rows.flat());
  }
  return rows.length;
};

/**
 * The same for tables without a natural unique key: a row is written unless one with the same
 * `key` columns exists. The values are cast because they are read before they reach the table.
 */
const insertMissingRows = async (
  tx: Db,
  table: string,
  columns: readonly { name: string; type: string }[],
  key: readonly string[],
  rows: readonly Row[],
): Promise<number> => {
  if (rows.length === 0) return 0;
  const names = columns.map((column) => column.name).join(', ');
  const casts = columns.map((column) => column.type);
  const match = key.map((name) => `t.${name} = v.${name}`).join(' AND ');
  await tx.query(
    `INSERT INTO ${table} (${names})
     SELECT ${names} FROM (VALUES ${placeholders(rows, casts)}) AS v (${names})
     WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE ${match})`,
    rows.flat(),
  );
  return rows.length;
};

const seedMerchants = async (
  tx: Db,
  seeds: readonly MerchantSeed[],
): Promise<Map<string, number>> => {
  await insertRows(
    tx,
    `merchants (code, name, tagline, primary_color, accent_color, default_language, languages,
       licence, referral_enabled, vip_enabled)`,
    seeds.map((seed) => [
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
    ]),
    'ON CONFLICT (code) DO NOTHING',
  );
  const rows = await tx.query<{ id: number; code: string }>(
    'SELECT id, code FROM merchants WHERE code = ANY ($1)',
    [seeds.map((seed) => seed.code)],
  );
  return new Map(rows.map((row) => [row.code, row.id]));
};

/** Every merchant's rows of one step, in merchant order. */
const perMerchant = (merchants: readonly Seeded[], rowsOf: (merchant: Seeded) => Row[]): Row[] =>
  merchants.flatMap(rowsOf);

const domains: Step = {
  name: 'domains',
  run: (tx, merchants) =>
    insertRows(
      tx,
      'merchant_domains (merchant_id, domain, is_main, is_mirror, sort)',
      perMerchant(merchants, ({ id, seed }) =>
        seed.domains.map((domain, index) => [id, domain, index === 0, index > 0, index]),
      ),
      'ON CONFLICT (domain) DO NOTHING',
    ),
};

const access: Step = {
  name: 'access',
  run: (tx, merchants) =>
    insertRows(
      tx,
      'merchant_access (merchant_id, region_enabled, countries, cidrs)',
      perMerchant(merchants, ({ id, seed }) => [
        [id, seed.region.enabled, seed.region.countries, seed.region.cidrs],
      ]),
      'ON CONFLICT (merchant_id) DO NOTHING',
    ),
};

const whitelabel: Step = {
  name: 'whitelabel modules',
  run: (tx, merchants) =>
    insertRows(
      tx,
      'whitelabel_modules (merchant_id, mod_id, parent_mod_id, enabled, sort)',
      perMerchant(merchants, ({ id, seed }) =>
        WHITELABEL_GROUPS.flatMap(({ group, flags }, groupIndex): Row[] => [
          [id, group, null, true, groupIndex],
          ...flags.map((flag, index): Row => [id, flag, group, seed.flagsOn.includes(flag), index]),
        ]),
      ),
      'ON CONFLICT (merchant_id, mod_id) DO NOTHING',
    ),
};

const registerSettings: Step = {
  name: 'register settings',
  run: (tx, merchants) =>
    insertRows(
      tx,
      `register_settings (merchant_id, mobile_length, country_dialing_code, minimum_age,
         birthday_minimum_age, terms_checked_by_default, affiliate_code_enabled)`,
      perMerchant(merchants, ({ id, seed: { registerSettings: s } }) => [
        [
          id,
          s.mobileLength,
          s.countryDialingCode,
          s.minimumAge,
          s.birthdayMinimumAge,
          s.termsCheckedByDefault,
          s.affiliateCodeEnabled,
        ],
      ]),
      'ON CONFLICT (merchant_id) DO NOTHING',
    ),
};

const registerRules: Step = {
  name: 'register rules',
  run: (tx, merchants) =>
    insertRows(
      tx,
      `register_rules (merchant_id, field, accepted_pattern, min_length, max_length, pattern_id,
         enabled, required)`,
      perMerchant(merchants, ({ id, seed }) =>
        seed.registerRules.map((rule) => [
          id,
          rule.field,
          acceptedPatternOf(rule.patternId),
          rule.min,
          rule.max,
          rule.patternId,
          rule.enabled,
          rule.required,
        ]),
      ),
      'ON CONFLICT (merchant_id, field) DO NOTHING',
    ),
};

const cdns: Step = {
  name: 'cdns',
  run: (tx, merchants) =>
    insertRows(
      tx,
      'cdns (merchant_id, kind, base_url, sort)',
      perMerchant(merchants, ({ id, content }) => [
        ...content.cdns.image.map((url, sort): Row => [id, 'image', url, sort]),
        ...content.cdns.launch.map((url, sort): Row => [id, 'launch', url, sort]),
      ]),
      'ON CONFLICT (merchant_id, kind, base_url) DO NOTHING',
    ),
};

const customerService: Step = {
  name: 'customer service',
  run: (tx, merchants) =>
    insertRows(
      tx,
      'customer_service (merchant_id, cs_type, title, path, sort)',
      perMerchant(merchants, ({ id, content }) =>
        content.customerService.map((entry, sort) => [
          id,
          entry.csType,
          entry.title,
          entry.path,
          sort,
        ]),
      ),
      'ON CONFLICT (merchant_id, cs_type, title) DO NOTHING',
    ),
};

const resources: Step = {
  name: 'resources',
  run: (tx, merchants) =>
    insertRows(
      tx,
      'resources (merchant_id, resource_type, label_name_en, url)',
      perMerchant(merchants, ({ id, content }) =>
        content.resources.map((resource) => [id, resource.type, resource.label, resource.url]),
      ),
      'ON CONFLICT (merchant_id, resource_type) DO NOTHING',
    ),
};

const vendors: Step = {
  name: 'vendors',
  run: (tx) =>
    insertRows(
      tx,
      'vendors (code, category, display_name, maintenance)',
      VENDOR_SEEDS.map((vendor) => [
        vendor.code,
        vendor.category,
        vendor.displayName,
        vendor.maintenance ?? false,
      ]),
      'ON CONFLICT (code, category) DO NOTHING',
    ),
};

const merchantVendors: Step = {
  name: 'merchant vendors',
  run: async (tx, merchants) => {
    const vendorRows = await tx.query<{ id: number; key: string }>(
      "SELECT id, code || '/' || category AS key FROM vendors",
    );
    const vendorIds = new Map(vendorRows.map((row) => [row.key, row.id]));
    const rows = perMerchant(merchants, ({ id, seed }) =>
      (MERCHANT_VENDOR_SEEDS[seed.code] ?? []).map((key, sort) => {
        const vendorId = vendorIds.get(key);
        if (vendorId === undefined) throw new Error(`merchant ${seed.code}: no vendor ${key}`);
        return [id, vendorId, sort];
      }),
    );
    return insertRows(
      tx,
      'merchant_vendors (merchant_id, vendor_id, sort)',
      rows,
      'ON CONFLICT (merchant_id, vendor_id) DO NOTHING',
    );
  },
};

/** The demo game catalog (issue 5): counts every game of the catalog. */
const games: Step = { name: 'games', run: (tx) => seedGames(tx) };

const walletSettings: Step = {
  name: 'wallet settings',
  run: (tx, merchants) =>
    seedWalletSettings(
      tx,
      merchants.map(({ id, seed }) => ({ id, code: seed.code })),
    ),
};

const banners: Step = {
  name: 'banners',
  run: (tx, merchants) =>
    insertMissingRows(
      tx,
      'banners',
      [
        { name: 'merchant_id', type: 'integer' },
        { name: 'group_name', type: 'text' },
        { name: 'title', type: 'text' },
        { name: 'subtitle', type: 'text' },
        { name: 'color_from', type: 'text' },
        { name: 'color_to', type: 'text' },
        { name: 'linkage_type', type: 'text' },
        { name: 'link', type: 'text' },
        { name: 'sort', type: 'integer' },
      ],
      ['merchant_id', 'group_name', 'title'],
      perMerchant(merchants, ({ id, content }) =>
        content.banners.map((banner, sort) => [
          id,
          banner.group,
          banner.title,
          banner.subtitle,
          banner.colorFrom,
          banner.colorTo,
          banner.link?.type ?? 'NONE',
          banner.link?.to ?? null,
          sort,
        ]),
      ),
    ),
};

const notices: Step = {
  name: 'notices',
  run: (tx, merchants) => {
    const now = Date.now();
    return insertMissingRows(
      tx,
      'notices',
      [
        { name: 'merchant_id', type: 'integer' },
        { name: 'title', type: 'text' },
        { name: 'content', type: 'text' },
        { name: 'published_at', type: 'timestamptz' },
      ],
      ['merchant_id', 'title'],
      perMerchant(merchants, ({ id, content }) =>
        content.notices.map((notice, index) => [
          id,
          notice.title,
          sanitizeHtml(notice.html),
          new Date(now - index * DAY_MS),
        ]),
      ),
    );
  },
};

const promotions: Step = {
  name: 'promotions',
  run: (tx, merchants) => {
    const now = Date.now();
    return insertMissingRows(
      tx,
      'promotions',
      [
        { name: 'merchant_id', type: 'integer' },
        { name: 'title', type: 'text' },
        { name: 'summary', type: 'text' },
        { name: 'content', type: 'text' },
        { name: 'kind', type: 'text' },
        { name: 'categories', type: 'text[]' },
        { name: 'starts_at', type: 'timestamptz' },
        { name: 'ends_at', type: 'timestamptz' },
        { name: 'new_members_days', type: 'integer' },
        { name: 'bonus_rule', type: 'jsonb' },
        { name: 'reward_rule', type: 'jsonb' },
        { name: 'contest_rule', type: 'jsonb' },
        { name: 'mission_rule', type: 'jsonb' },
        { name: 'seed', type: 'text' },
        { name: 'sort', type: 'integer' },
        { name: 'created_at', type: 'timestamptz' },
        { name: 'updated_at', type: 'timestamptz' },
      ],
      ['merchant_id', 'title'],
      perMerchant(merchants, ({ id, content }) =>
        content.promotions.map((promotion, sort) => [
          id,
          promotion.title,
          promotion.summary,
          sanitizeHtml(promotion.html),
          promotion.kind,
          promotion.categories,
          new Date(now + promotion.startsInDays * DAY_MS),
          promotion.endsInDays === undefined ? null : new Date(now + promotion.endsInDays * DAY_MS),
          promotion.newMembersDays,
          promotion.bonusRule ? JSON.stringify(promotion.bonusRule) : null,
          promotion.rewardRule ? JSON.stringify(promotion.rewardRule) : null,
          promotion.contestRule ? JSON.stringify(promotion.contestRule) : null,
          promotion.missionRule ? JSON.stringify(promotion.missionRule) : null,
          // A raffle commits to its draw's seed from the start (decision 024).
          promotion.kind === 'raffle' ? newCommittedSeed() : null,
          sort,
          new Date(now),
          new Date(now),
        ]),
      ),
    );
  },
};

const helpArticles: Step = {
  name: 'help articles',
  run: (tx, merchants) =>
    seedHelpArticles(
      tx,
      merchants.map(({ id, seed }) => ({ id, code: seed.code })),
    ),
};

const insertDemoAccount = async (
  tx: Db,
  merchantId: number,
  account: DemoAccount,
  passwordHash: string,
) => {
  const upline = account.upline
    ? await tx.one<{ id: string }>(
        'SELECT id FROM members WHERE merchant_id = $1 AND lower(username) = lower($2)',
        [merchantId, account.upline],
      )
    : null;
  const row = await tx.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type, nickname, status,
       affiliate_code, referral_code, upline_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      merchantId,
      account.username,
      passwordHash,
      account.type,
      account.nickname,
      account.status ?? 'active',
      account.affiliateCode ?? null,
      account.referralCode ?? null,
      upline?.id ?? null,
    ],
  );
  // Its rows in the agent hierarchy (closure table): itself, and its upline's ancestors.
  await tx.query(
    `INSERT INTO agent_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
     SELECT $1::integer, $2::bigint, $2::bigint, 0
     UNION ALL
     SELECT $1::integer, ancestor_id, $2::bigint, depth + 1 FROM agent_hierarchy
     WHERE $3::bigint IS NOT NULL AND descendant_id = $3::bigint`,
    [merchantId, row.id, upline?.id ?? null],
  );
};

/**
 * Every demo merchant offers the local OpenID provider (decision 006), which the server mounts
 * outside production; real providers (Google, LINE, Facebook) need a client id of the
 * merchant's own and are added per merchant.
 */
const socialProviders: Step = {
  name: 'social providers',
  run: (tx, merchants) =>
    insertRows(
      tx,
      'social_providers (merchant_id, key, display_name, kind, client_id, scopes, sort)',
      perMerchant(merchants, ({ id }) => [
        [id, 'local', 'Local ID', 'local', LOCAL_OIDC_CLIENT_ID, 'openid profile', 0],
      ]),
      'ON CONFLICT (merchant_id, key) DO NOTHING',
    ),
};

/** In list order: an upline is seeded before the accounts under it. */
const members: Step = {
  name: 'members',
  run: async (tx, merchants, hashes) => {
    for (const account of DEMO_ACCOUNTS) {
      const merchant = merchants.find((m) => m.seed.code === account.merchantCode);
      if (!merchant) throw new Error(`demo account for unknown merchant ${account.merchantCode}`);
      const existing = await tx.maybeOne(
        'SELECT 1 FROM members WHERE merchant_id = $1 AND lower(username) = lower($2)',
        [merchant.id, account.username],
      );
      const hash = hashes.get(account);
      if (!hash) throw new Error(`no password hash for demo account ${account.username}`);
      if (!existing) await insertDemoAccount(tx, merchant.id, account, await hash);
    }
    return DEMO_ACCOUNTS.length;
  },
};

/** After the members: each demo account's opening balance, paid through the ledger. */
const openingBalances: Step = {
  name: 'opening balances',
  run: (tx, merchants) =>
    seedOpeningBalances(
      tx,
      merchants.map(({ id, seed }) => ({ id, code: seed.code })),
    ),
};

const jackpotPools: Step = {
  name: 'jackpot pools',
  run: (tx, merchants) =>
    seedJackpotPools(
      tx,
      merchants.map(({ id, seed }) => ({ id, code: seed.code })),
    ),
};

const paymentChannels: Step = {
  name: 'payment channels',
  run: (tx, merchants) =>
    seedPaymentChannels(
      tx,
      merchants.map(({ id, seed }) => ({ id, code: seed.code })),
    ),
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
  games,
  paymentChannels,
  walletSettings,
  banners,
  notices,
  promotions,
  helpArticles,
  socialProviders,
  members,
  openingBalances,
  jackpotPools,
];

/**
 * Writes the demo data: two merchants with their brand, domains, rules, vendors and content,
 * and the demo accounts. Idempotent: a second run adds nothing and changes nothing that an
 * operator edited. Prints one line per step (`seed: vendors ... 35`).
 */
export const seed = async (
  db: Db,
  log: (line: string) => void = () => undefined,
  options: { passwordHashes?: PasswordHashes } = {},
): Promise<void> => {
  // Hashing is the slow part of a seed; it runs on the thread pool while the steps write.
  const hashes = options.passwordHashes ?? hashDemoPasswords();
  await db.transaction(async (tx) => {
    const ids = await seedMerchants(tx, MERCHANT_SEEDS);
    const merchants = MERCHANT_SEEDS.map((merchantSeed): Seeded => {
      const content = CONTENT_SEEDS[merchantSeed.code];
      const id = ids.get(merchantSeed.code);
      if (!content) throw new Error(`no content seed for merchant ${merchantSeed.code}`);
      if (id === undefined) throw new Error(`merchant ${merchantSeed.code} was not written`);
      return { id, seed: merchantSeed, content };
    });
    log(`seed: merchants ... ${merchants.length}`);
    for (const step of STEPS) {
      log(`seed: ${step.name} ... ${await step.run(tx, merchants, hashes)}`);
    }
  });
};

/**
 * Starts hashing the demo passwords; the members step awaits each in turn. `oneAtATime` keeps
 * the hashing on a single thread-pool thread: what a caller wants when it starts them early
 * (a new data directory), beside PGlite creating the cluster on the main thread.
 */
export const hashDemoPasswords = (options: { oneAtATime?: boolean } = {}): PasswordHashes => {
  let previous: Promise<unknown> = Promise.resolve();
  return new Map(
    DEMO_ACCOUNTS.map((account) => {
      const hash = options.oneAtATime
        ? previous.then(() => hashPassword(account.password))
        : hashPassword(account.password);
      previous = hash.catch(() => undefined);
      // Awaited (and its failure reported) by the members step, unless an earlier step fails.
      hash.catch(() => undefined);
      return [account, hash];
    }),
  );
};
