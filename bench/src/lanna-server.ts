import { startServer, type ServerProcess } from '@lanna/server/testing';

/** BENCH_CPU_PROF_DIR: each server the bench starts writes a V8 CPU profile there when it stops. */
const profileArgs = (): string[] => {
  const directory = process.env.BENCH_CPU_PROF_DIR;
  return directory ? ['--cpu-prof', `--cpu-prof-dir=${directory}`] : [];
};

/**
 * The real server in production mode on a free port: PGlite in `dataDir`, or the PostgreSQL
 * database `databaseUrl` names. Resolves once /healthz answers.
 */
export const startLanna = (
  repoRoot: string,
  dataDir: string,
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<ServerProcess> =>
  startServer({
    repoRoot,
    nodeArgs: profileArgs(),
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'error',
      ...options.env,
    },
  });
