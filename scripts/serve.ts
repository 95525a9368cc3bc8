// `npm run serve` (and `npm start`): the platform and the house vendor, each its own process;
// a signal stops both, and either one ending stops the other.
import { spawn } from 'node:child_process';
import { withLocalSecrets } from '../apps/server/src/config/local-secrets.ts';

// Each side finds the other on the ports this run uses unless told otherwise, and both sign and
// check with the same house secret: the configured one, or the one kept in the data directory.
const env = {
  ...withLocalSecrets(process.env),
  PLATFORM_URL: process.env.PLATFORM_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`,
  HOUSE_VENDOR_URL:
    process.env.HOUSE_VENDOR_URL ?? `http://localhost:${process.env.HOUSE_VENDOR_PORT ?? '3100'}`,
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
