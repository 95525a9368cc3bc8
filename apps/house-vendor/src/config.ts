import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * The house vendor's secret outside production when HOUSE_VENDOR_SECRET is unset. It is the
 * same text as the platform's development default (apps/server/src/config/env.ts), so both
 * processes agree with no configuration; production refuses it.
 */
export const DEVELOPMENT_HOUSE_VENDOR_SECRET =
  'lanna-development-house-vendor-secret-not-for-production';

const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOUSE_VENDOR_PORT: z.coerce.number().int().min(0).max(65_535).default(3100),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** A PostgreSQL server for the vendor's own tables (schema house_vendor); unset: PGlite. */
  HOUSE_VENDOR_DATABASE_URL: optionalText(z.url({ protocol: /^postgres(ql)?$/ })),
  /** Where the platform's vendor wallet API answers (its /vendor/v1/... routes). */
  PLATFORM_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3000'),
  HOUSE_VENDOR_SECRET: optionalText(z.string().min(32, 'at least 32 characters').max(200)),
  /** The slot's configured return to player, in basis points (9600 = 96.00%). */
  SLOT_RTP_BPS: z.coerce.number().int().min(8000).max(9900).default(9600),
  /** The dice game's return to player, in basis points. */
  DICE_RTP_BPS: z.coerce.number().int().min(8000).max(9900).default(9800),
  /** Play money a new free-play session starts with, in minor units. */
  FREE_PLAY_BALANCE_MINOR: z.coerce
    .bigint()
    .min(1n)
    .max(10n ** 12n)
    .default(100_000n),
  /** How long the wallet API may take to answer one call before it counts as timed out. */
  WALLET_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});

export type Config = Omit<z.output<typeof ConfigSchema>, 'HOUSE_VENDOR_SECRET' | 'DATA_DIR'> & {
  HOUSE_VENDOR_SECRET: string;
  /** Absolute; PGlite keeps the vendor's files in `<DATA_DIR>/house-vendor`. */
  DATA_DIR: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The validated configuration of the house vendor process. */
export const loadConfig = (
  source: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): Config => {
  const parsed = ConfigSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production' && !config.HOUSE_VENDOR_SECRET)
    throw new ConfigError('Invalid environment:\n  HOUSE_VENDOR_SECRET: required in production');
  if (
    config.HOUSE_VENDOR_SECRET === DEVELOPMENT_HOUSE_VENDOR_SECRET &&
    config.NODE_ENV === 'production'
  )
    throw new ConfigError('Invalid environment:\n  HOUSE_VENDOR_SECRET: the development default');
  return {
    ...config,
    HOUSE_VENDOR_SECRET: config.HOUSE_VENDOR_SECRET ?? DEVELOPMENT_HOUSE_VENDOR_SECRET,
    DATA_DIR: resolve(cwd, config.DATA_DIR),
  };
};
