// `npm run serve` (and `npm start`): the platform and the house vendor, each its own process;
// a signal stops both, and either one ending stops the other.
import { spawn } from 'node:child_process';

const run = (script: string) =>
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', script], {
    stdio: 'inherit',
    env: process.env,
  });

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
