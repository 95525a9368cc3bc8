import { randomBytes } from 'node:crypto';

/** Secrets of this test run (production refuses to start without its own). */
const runSecret = (): string => randomBytes(32).toString('base64');
export const TEST_PRODUCTION_SECRETS = {
  HOUSE_VENDOR_SECRET: runSecret(),
  VERIFICATION_SECRET: runSecret(),
  TOTP_ENCRYPTION_KEY: runSecret(),
  VENDOR_SECRET_KEY: runSecret(),
};

/** A production environment's source: `overrides` and a secret for each one production requires. */
export const productionSource = (overrides: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  ...TEST_PRODUCTION_SECRETS,
  ...overrides,
});
