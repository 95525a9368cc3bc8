import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Processes the bench and the end-to-end journeys start: the real server as `npm start` runs
 * it, its peers, and the waits and stops around them. One helper, so both measure and test the
 * same start.
 */

/** A TCP port nothing listens on right now. */
export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') done(address.port);
        else fail(new Error('no free port'));
      });
    });
  });

export type ProcessOutput = 'ignore' | 'inherit';

/** `node <args>` in `cwd` with this process's environment and `env` over it. */
export const startProcess = (
  args: string[],
  env: Record<string, string>,
  cwd: string,
  output: ProcessOutput = 'ignore',
): ChildProcess =>
  spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', output, output],
  });

/**
 * Polls `url` until it answers 2xx; returns the milliseconds since `startedAt`. Fails if the
 * process exits first or `limitMs` passes.
 */
export const waitForAnswer = async (
  url: string,
  child: ChildProcess,
  options: { startedAt?: number; limitMs?: number; pollMs?: number } = {},
): Promise<number> => {
  const { startedAt = performance.now(), limitMs = 120_000, pollMs = 10 } = options;
  while (performance.now() - startedAt < limitMs) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((wake) => setTimeout(wake, pollMs));
  }
  throw new Error(`${url} did not answer within ${limitMs} ms`);
};

/** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
export const stopProcess = (child: ChildProcess): Promise<void> =>
  new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      done();
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });

/** Runs `node <args>` to completion and returns its stdout; stderr shows through. */
export const runToEnd = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  new Promise<string>((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? done(output) : fail(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** From spawn to the first 2xx of /healthz. */
  readyMs: number;
};

/**
 * The real server (apps/server/src/main.ts) as `npm start` runs it, Node stripping the types
 * itself, on 127.0.0.1 and `port` (a free one by default), configured by `env`. Resolves once
 * /healthz answers; a server that never does is killed.
 */
export const startServer = async (options: {
  repoRoot: string;
  env: Record<string, string>;
  port?: number;
  /** Node options before the script, such as --cpu-prof. */
  nodeArgs?: string[];
  output?: ProcessOutput;
  limitMs?: number;
}): Promise<ServerProcess> => {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = startProcess(
    [...(options.nodeArgs ?? []), 'apps/server/src/main.ts'],
    { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    options.repoRoot,
    options.output,
  );
  try {
    const readyMs = await waitForAnswer(`${baseUrl}/healthz`, child, {
      startedAt,
      ...(options.limitMs ? { limitMs: options.limitMs } : {}),
    });
    return { child, port, baseUrl, readyMs };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
};
