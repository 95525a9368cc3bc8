import { join } from 'node:path';
import { freePort, startProcess, waitForAnswer } from '@lanna/server/testing';

/**
 * A peer server of the bench (bare Fastify, bare `ws`, the trigram search) in a process of its
 * own on a free port; resolves once `readyPath` answers.
 */
export const startPeer = async (
  repoRoot: string,
  script: string,
  env: Record<string, string> = {},
  readyPath = '/',
) => {
  const port = await freePort();
  const child = startProcess(
    [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), script],
    { ...env, PORT: String(port) },
    repoRoot,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${baseUrl}${readyPath}`, child);
  return { child, baseUrl, url: `${baseUrl}${readyPath}` };
};
