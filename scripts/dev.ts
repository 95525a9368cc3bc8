// `npm run dev`: the API with reload on :3000, the house vendor with reload on :3100 and the
// Vite dev server (proxying the API) on :5173.
import { spawn } from 'node:child_process';

const run = (args: string[], cwd: string) =>
  spawn(process.execPath, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  });

const children = [
  run(['node_modules/tsx/dist/cli.mjs', 'watch', 'apps/server/src/main.ts'], '.'),
  run(['node_modules/tsx/dist/cli.mjs', 'watch', 'apps/house-vendor/src/main.ts'], '.'),
  run(['../../node_modules/vite/bin/vite.js'], 'apps/web'),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
