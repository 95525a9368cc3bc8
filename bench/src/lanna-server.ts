import { freePort, startProcess, waitFor200 } from './processes.ts';

/** BENCH_CPU_PROF_DIR: each server the bench starts writes a V8 CPU profile there when it stops. */
const profileArgs = (): string[] => {
  const directory = process.env.BENCH_CPU_PROF_DIR;
  return directory ? ['--cpu-prof', `--cpu-prof-dir=${directory}`] : [];
};

/**
 * The real server (apps/server/src/main.ts) in production mode on a free port: PGlite in
 * `dataDir`, or the PostgreSQL database `databaseUrl` names. Resolves once it answers 200.
 */
export const startLanna = async (
  repoRoot: string,
  dataDir: string,
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
) => {
  const port = await freePort();
  const startedAt = performance.now();
  const child = startProcess(
    // As `npm start` runs it (scripts/serve.ts): Node strips the types itself.
    [...profileArgs(), 'apps/server/src/main.ts'],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'error',
      ...options.env,
    },
    repoRoot,
  );
  const readyMs = await waitFor200(`http://127.0.0.1:${port}/wps/system/status`, startedAt, child);
  return { child, port, readyMs, baseUrl: `http://127.0.0.1:${port}` };
};
