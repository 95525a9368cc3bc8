import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port nothing listens on right now, for a server a test starts. */
export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') done(address.port);
        else fail(new Error('no port'));
      });
    });
  });

/** Polls `url + path` until it answers 2xx; fails if the process exits or time runs out. */
export const waitForHealth = async (
  url: string,
  server: ChildProcess,
  limitMs: number,
  path = '/healthz',
) => {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${url}${path}`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wake) => setTimeout(wake, 250));
  }
  throw new Error(`server did not answer ${url}${path} within ${limitMs} ms`);
};
