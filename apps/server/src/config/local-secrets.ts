import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The secrets production requires (config/env.ts) and the file each is kept in when a
 * deployment sets none: `npm start` on a fresh machine generates each one once into the data
 * directory, owner-only, and reuses it on every later start, so it works with no configuration
 * and never with a secret anyone can read in the source. A deployment sets its own.
 */
const LOCAL_SECRETS = [
  { name: 'HOUSE_VENDOR_SECRET', file: 'house-vendor.secret', encoding: 'base64url' },
  { name: 'VERIFICATION_SECRET', file: 'verification.secret', encoding: 'base64url' },
  { name: 'TOTP_ENCRYPTION_KEY', file: 'totp-encryption.key', encoding: 'base64' },
  { name: 'VENDOR_SECRET_KEY', file: 'vendor-secret.key', encoding: 'base64' },
] as const;

const readOrCreate = (file: string, encoding: BufferEncoding): string => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString(encoding);
    // `wx`: of two processes starting at once on a fresh directory, one writes and the other
    // fails here and reads what the first wrote.
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
  }
};

/** `source` with every unset production secret read from, or first generated into, DATA_DIR. */
export const withLocalSecrets = (
  source: NodeJS.ProcessEnv,
  cwd = process.cwd(),
): NodeJS.ProcessEnv => {
  const dataDir = resolve(cwd, source.DATA_DIR || './data');
  const filled = { ...source };
  for (const { name, file, encoding } of LOCAL_SECRETS) {
    if (filled[name]) continue;
    mkdirSync(dataDir, { recursive: true });
    filled[name] = readOrCreate(join(dataDir, file), encoding);
  }
  return filled;
};
