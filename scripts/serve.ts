// `npm run serve` (and `npm start`): the platform and the house vendor, each its own process;
// a signal stops both, and either one ending stops the other.
import { spawn } from 'node:child_process';

// Each side finds the other on the ports this run uses unless told otherwise.
const env = {
  ...process.env,
  PLATFORM_URL: process.env.PLATFORM_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`,
  HOUSE_VENDOR_URL:
    process.env.HOUSE_VENDOR_URL ?? `http://localhost:${process.env.HOUSE_VENDOR_PORT ?? '3100'}`,
};

const run = (script: string) =>
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', script], { stdio: 'inherit', env });

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
