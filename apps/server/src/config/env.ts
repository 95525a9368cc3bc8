import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** The repository root, from this file's place in apps/server/src/config. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const BooleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const isAddressOrRange = (text: string): boolean =>
  ipaddr.isValid(text) || ipaddr.isValidCIDR(text);

/**
 * Which proxies may tell us the client's address (X-Forwarded-For), protocol and host:
 * `false` none; `true` the one proxy in front of us; a number of proxy hops; or a comma list of
 * proxy addresses and ranges. `true` deliberately means one hop, not "trust every hop": with
 * every hop trusted a client could put any address first in the header it sends.
 */
const TrustProxySchema = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', '0', ''].includes(value)) return false;
  if (['true', 'yes'].includes(value)) return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (list.every(isAddressOrRange)) return list;
  ctx.addIssue({
    code: 'custom',
    message: 'true, false, a hop count or a list of proxy addresses',
  });
  return z.NEVER;
});

/**
 * What the secrets are outside production when unset, so the house vendor (apps/house-vendor,
 * which holds the same house secret) and the server agree, and tests and `npm run dev` need no
 * configuration. Anyone can read them: production refuses every one (loadEnv), and `npm start`
 * generates its own into the data directory (config/local-secrets.ts).
 */
export const DEVELOPMENT_HOUSE_VENDOR_SECRET =
  'lanna-development-house-vendor-secret-not-for-production';
const DEVELOPMENT_VERIFICATION_SECRET = 'lanna-development-verification-secret-not-for-production';
const developmentKey = (text: string) => createHash('sha256').update(text).digest('base64');
export const DEVELOPMENT_SECRETS = {
  HOUSE_VENDOR_SECRET: DEVELOPMENT_HOUSE_VENDOR_SECRET,
  VERIFICATION_SECRET: DEVELOPMENT_VERIFICATION_SECRET,
  TOTP_ENCRYPTION_KEY: developmentKey(`${DEVELOPMENT_VERIFICATION_SECRET}:totp`),
  VENDOR_SECRET_KEY: developmentKey('lanna-development-vendor-secret-key-not-for-production'),
} as const;
type SecretName = keyof typeof DEVELOPMENT_SECRETS;
const SECRET_NAMES = Object.keys(DEVELOPMENT_SECRETS) as SecretName[];

/** An empty variable (`DEV_MERCHANT=`) means "unset", as a shell user expects. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalText(z.url({ protocol: /^postgres(ql)?$/ })),
  // Statements used again and again are prepared on each connection (db/statement-names.ts);
  // false behind a pooler in transaction mode, where a connection's prepared statements are
  // not the next transaction's.
  DATABASE_PREPARE: BooleanFromString.default(true),
  DATA_DIR: z.string().min(1).default('./data'),
  // Redis for the realtime gateway's cross-node fan-out (modules/realtime): every node publishes
  // member and chat events there and delivers what it hears to its own sockets. Unset, one
  // process delivers its own events in memory.
  REDIS_URL: optionalText(z.url({ protocol: /^rediss?$/ })),
  // The pub/sub channel of those events: deployments sharing one Redis each need their own.
  REALTIME_REDIS_CHANNEL: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,100}$/)
    .default('lanna:realtime'),
  WEB_DIST_DIR: z.string().min(1).default(resolve(REPO_ROOT, 'apps/web/dist')),
  // Production serves the built web app; the end-to-end tests serve it from a test server, whose
  // fixed captcha answer production refuses.
  SERVE_WEB: optionalText(BooleanFromString),
  TRUST_PROXY: TrustProxySchema.default(false),
  COUNTRY_HEADER: optionalText(z.string().regex(/^[a-z0-9-]+$/i, 'an HTTP header name')),
  DEV_MERCHANT: optionalText(z.string().regex(/^[a-z0-9-]{2,32}$/, 'a merchant code')),
  OPERATOR_API_KEY: optionalText(z.string().min(16, 'at least 16 characters')),
  SEED_ON_START: BooleanFromString.default(true),
  // Sessions and login (modules/auth, plugins/session.ts; checklist 10 and 14).
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  LOGIN_CAPTCHA_AFTER: z.coerce.number().int().min(1).max(100).default(3),
  LOGIN_LOCK_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_IP_LOCK_AFTER: z.coerce.number().int().min(1).max(10_000).default(20),
  LOGIN_LOCK_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LOGIN_LOCK_MAX_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  FREEPLAY_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  REGISTER_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  CAPTCHA_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  // Sealed payloads (plugins/payload-crypto.ts; checklist 38). Without a key each start makes
  // one, which is fine for one node; several nodes behind a balancer must share one.
  PAYLOAD_PRIVATE_KEY: optionalText(
    z.string().includes('PRIVATE KEY', { message: 'a PEM private key' }),
  ),
  PAYLOAD_MAX_AGE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  // A fixed captcha answer for end-to-end tests; refused in production (see loadEnv).
  CAPTCHA_FIXED_ANSWER: optionalText(z.string().regex(/^[A-Za-z0-9]{4,8}$/)),
  // Verification codes, providers, human check and TOTP (modules/auth codes-*, providers/).
  SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
  SMTP_URL: optionalText(z.url({ protocol: /^smtps?$/ })),
  EMAIL_FROM: z.string().min(3).max(200).default('Lanna <no-reply@lanna.localhost>'),
  CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(10).default(5),
  CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(5),
  CODE_RESEND_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  CODE_WINDOW_MAX_PER_DESTINATION: z.coerce.number().int().min(1).max(100).default(3),
  CODE_WINDOW_MAX_PER_IP: z.coerce.number().int().min(1).max(1000).default(4),
  VERIFICATION_SECRET: optionalText(z.string().min(32, 'at least 32 characters')),
  TOTP_ENCRYPTION_KEY: optionalText(
    z.string().regex(/^[A-Za-z0-9+/]{43}=$/, '32 bytes in base64 (openssl rand -base64 32)'),
  ),
  HUMAN_CHALLENGE_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  // The vendor wallet API (modules/vendor-wallet): the house vendor's HMAC secret, the key that
  // seals vendor secrets at rest, the signature's replay window, and how long a rotated-out
  // secret still signs. The secrets: see DEVELOPMENT_SECRETS.
  HOUSE_VENDOR_SECRET: optionalText(z.string().min(32, 'at least 32 characters').max(200)),
  VENDOR_SECRET_KEY: optionalText(
    z.string().regex(/^[A-Za-z0-9+/]{43}=$/, '32 bytes in base64 (openssl rand -base64 32)'),
  ),
  VENDOR_SIGNATURE_WINDOW_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  VENDOR_SECRET_GRACE_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  // Where players' browsers reach the house vendor (apps/house-vendor): the game launch
  // answers its game pages under this address.
  HOUSE_VENDOR_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3100'),
  // The share of every real-money house-vendor bet that feeds the jackpot pool, in basis points
  // (100 = 1%); 0 turns the feed off (the pool then only pays what it holds).
  JACKPOT_SHARE_BPS: z.coerce.number().int().min(0).max(2000).default(100),
  // The local OpenID provider at /local-oidc (providers/openid, decision 006): anyone who types
  // a name signs in, so it is on outside production by default and refused in production.
  LOCAL_OIDC_PROVIDER: optionalText(BooleanFromString),
  // Deposits through a payment gateway (providers/payment-gateway): `sandbox` is the local
  // gateway mounted at /sandbox-gateway (on outside production by default, refused in
  // production); `hmac` a real gateway speaking the generic HMAC protocol; `none` offers bank
  // transfer only.
  PAYMENT_GATEWAY: optionalText(z.enum(['none', 'sandbox', 'hmac'])),
  PAYMENT_GATEWAY_URL: optionalText(z.url({ protocol: /^https?$/ })),
  PAYMENT_GATEWAY_MERCHANT_ID: optionalText(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
  PAYMENT_GATEWAY_SECRET: optionalText(z.string().min(32, 'at least 32 characters')),
  // The reconciliation job (modules/reconciliation): minutes between runs, 0 for none; every
  // 60 minutes by default, none under NODE_ENV=test unless a test asks.
  RECONCILE_INTERVAL_MINUTES: optionalText(z.coerce.number().int().min(0).max(10_080)),
  // The agents' settlement job (modules/agents, decision 020: salaries and dividends): seconds
  // between its ticks, 0 for none; every 60 seconds by default, none under NODE_ENV=test unless
  // a test asks (the end-to-end server does, so a journey sees a real-time salary paid).
  AGENT_SETTLEMENT_TICK_SECONDS: optionalText(z.coerce.number().int().min(0).max(3600)),
  // The bonus wagering job (modules/promotions): seconds between its passes, 0 for none; every
  // 60 seconds by default, none under NODE_ENV=test unless a test asks.
  BONUS_TICK_SECONDS: optionalText(z.coerce.number().int().min(0).max(3600)),
});

/** The validated configuration of one server process. */
export type Env = Omit<
  z.output<typeof EnvSchema>,
  | 'DATA_DIR'
  | 'WEB_DIST_DIR'
  | 'SERVE_WEB'
  | 'RECONCILE_INTERVAL_MINUTES'
  | 'AGENT_SETTLEMENT_TICK_SECONDS'
  | 'BONUS_TICK_SECONDS'
  | SecretName
> & {
  /** Absolute; PGlite keeps its files in `<DATA_DIR>/pglite`. */
  DATA_DIR: string;
  /** Absolute path of the built web app that production serves. */
  WEB_DIST_DIR: string;
  /** Whether the server serves the built web app: SERVE_WEB, or else in production only. */
  SERVE_WEB: boolean;
  /** Minutes between reconciliation runs; 0 runs none. */
  RECONCILE_INTERVAL_MINUTES: number;
  /** Seconds between the agents' settlement ticks; 0 runs none. */
  AGENT_SETTLEMENT_TICK_SECONDS: number;
  /** Seconds between the bonus wagering passes; 0 runs none. */
  BONUS_TICK_SECONDS: number;
} & Record<SecretName, string>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** The sandbox gateway takes anyone's word that they paid: never in production. */
const checkPaymentGateway = (env: z.output<typeof EnvSchema>): void => {
  const problems: string[] = [];
  if (env.PAYMENT_GATEWAY === 'sandbox' && env.NODE_ENV === 'production')
    problems.push('  PAYMENT_GATEWAY: sandbox is not allowed in production');
  if (env.PAYMENT_GATEWAY === 'hmac') {
    for (const name of [
      'PAYMENT_GATEWAY_URL',
      'PAYMENT_GATEWAY_MERCHANT_ID',
      'PAYMENT_GATEWAY_SECRET',
    ] as const)
      if (!env[name]) problems.push(`  ${name}: required when PAYMENT_GATEWAY is hmac`);
  }
  if (problems.length > 0) throw new EnvError(`Invalid environment:\n${problems.join('\n')}`);
  env.PAYMENT_GATEWAY ??= env.NODE_ENV === 'production' ? 'none' : 'sandbox';
};

/**
 * Production takes no secret from the source: each must be set, and not to its development
 * value (a proof signed with a public key would pass). Elsewhere an unset one is the development
 * value.
 */
const secretsOf = (env: z.output<typeof EnvSchema>): Record<SecretName, string> => {
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
  const secrets = Object.fromEntries(
    SECRET_NAMES.map((name) => {
      const value = env[name];
      if (production && !value)
        problems.push(`  ${name}: required in production (npm start generates one into DATA_DIR)`);
      if (production && value === DEVELOPMENT_SECRETS[name])
        problems.push(`  ${name}: the development secret is not allowed in production`);
      return [name, value ?? DEVELOPMENT_SECRETS[name]];
    }),
  ) as Record<SecretName, string>;
  if (problems.length > 0) throw new EnvError(`Invalid environment:\n${problems.join('\n')}`);
  return secrets;
};

/**
 * Reads the environment once at boot. A bad value stops the process with one line per
 * problem, naming the variable, instead of failing later somewhere unrelated.
 */
export const loadEnv = (source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Env => {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  checkPaymentGateway(env);
  const secrets = secretsOf(env);
  if (env.NODE_ENV === 'production' && env.CAPTCHA_FIXED_ANSWER) {
    throw new EnvError('Invalid environment:\n  CAPTCHA_FIXED_ANSWER: not allowed in production');
  }
  if (env.NODE_ENV === 'production' && env.LOCAL_OIDC_PROVIDER) {
    throw new EnvError('Invalid environment:\n  LOCAL_OIDC_PROVIDER: not allowed in production');
  }
  env.LOCAL_OIDC_PROVIDER ??= env.NODE_ENV !== 'production';
  // Outside production a developer on localhost gets the demo merchant without any setup;
  // production answers MERCHANT_NOT_FOUND for unknown hosts unless told otherwise.
  const devMerchant =
    source.DEV_MERCHANT === undefined && env.NODE_ENV !== 'production' ? 'lanna' : env.DEV_MERCHANT;
  return {
    ...env,
    ...secrets,
    DEV_MERCHANT: devMerchant,
    SERVE_WEB: env.SERVE_WEB ?? env.NODE_ENV === 'production',
    RECONCILE_INTERVAL_MINUTES:
      env.RECONCILE_INTERVAL_MINUTES ?? (env.NODE_ENV === 'test' ? 0 : 60),
    AGENT_SETTLEMENT_TICK_SECONDS:
      env.AGENT_SETTLEMENT_TICK_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 60),
    BONUS_TICK_SECONDS: env.BONUS_TICK_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 60),
    DATA_DIR: resolve(cwd, env.DATA_DIR),
    WEB_DIST_DIR: resolve(cwd, env.WEB_DIST_DIR),
  };
};
