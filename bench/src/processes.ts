import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

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

export const startProcess = (
  args: string[],
  env: Record<string, string>,
  cwd: string,
): ChildProcess =>
  spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'ignore' });

/** Polls until the url answers 200; returns the elapsed milliseconds since `startedAt`. */
export const waitFor200 = async (url: string, startedAt: number, child: ChildProcess) => {
  for (let attempt = 0; attempt < 12_000; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((wake) => setTimeout(wake, 10));
  }
  throw new Error(`${url} never answered 200`);
};

export const stopProcess = (child: ChildProcess): Promise<void> =>
  new Promise((done) => {
    if (child.exitCode !== null) {
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

/** Runs a script to completion and returns its stdout. */
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
