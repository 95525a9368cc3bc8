// `npm run serve` (and `npm start`): the platform and the house vendor, each its own process;
// a signal stops both, and either one ending stops the other.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The house vendor's secret when none is configured: production refuses the development
 * default, so a fresh `npm start` makes one for this data directory and keeps it there (owner
 * only), and both processes it starts sign and check with it. A deployment sets its own.
 */
const localHouseVendorSecret = (dataDir: string): string => {
  const file = join(dataDir, 'house-vendor.secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
};

// Each side finds the other on the ports this run uses unless told otherwise.
const env = {
  ...process.env,
  PLATFORM_URL: process.env.PLATFORM_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`,
  HOUSE_VENDOR_URL:
    process.env.HOUSE_VENDOR_URL ?? `http://localhost:${process.env.HOUSE_VENDOR_PORT ?? '3100'}`,
  HOUSE_VENDOR_SECRET:
    process.env.HOUSE_VENDOR_SECRET ?? localHouseVendorSecret(process.env.DATA_DIR ?? './data'),
};

// Node runs the TypeScript itself (type stripping: the sources use only erasable syntax, which
// tsconfig's erasableSyntaxOnly enforces): no loader thread transforming every module at start.
const run = (script: string) => spawn(process.execPath, [script], { stdio: 'inherit', env });

const children = [run('apps/server/src/main.ts'), run('apps/house-vendor/src/main.ts')];
let exitCode = 0;
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children)
  child.once('exit', (code) => {
    exitCode ||= code ?? 0;
    stop();
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null))
      process.exit(exitCode);
  });
