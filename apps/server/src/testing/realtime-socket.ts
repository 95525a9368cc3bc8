/** Test helpers of the realtime gateway: a socket that records the frames it hears. */
import { REALTIME_PATH, ServerFrameSchema, type ServerFrame } from '@lanna/contract';
import WebSocket from 'ws';

/** A test's end of one realtime socket: every frame it received, in order, and its close. */
export type TestSocket = {
  frames: ServerFrame[];
  send: (frame: unknown) => void;
  /** The first frame (already received or still to come) that matches, or a timeout error. */
  next: <T extends ServerFrame['type']>(
    type: T,
    where?: (frame: Extract<ServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ) => Promise<Extract<ServerFrame, { type: T }>>;
  closed: Promise<number>;
  close: () => void;
};

/** Opens a socket to a listening app's gateway and waits for its guest `ready`. */
export const openSocket = async (baseUrl: string, host = 'localhost'): Promise<TestSocket> => {
  const url = `${baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`;
  const socket = new WebSocket(url, { headers: { host } });
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data: Buffer) => {
    frames.push(ServerFrameSchema.parse(JSON.parse(data.toString())));
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = <T extends ServerFrame['type']>(
    type: T,
    where: (frame: Extract<ServerFrame, { type: T }>) => boolean = () => true,
    timeoutMs = 3000,
  ) =>
    new Promise<Extract<ServerFrame, { type: T }>>((resolve, reject) => {
      const check = () => {
        const found = frames.find(
          (frame) => frame.type === type && where(frame as Extract<ServerFrame, { type: T }>),
        );
        if (!found) return false;
        waiters.delete(wake);
        clearTimeout(timer);
        resolve(found as Extract<ServerFrame, { type: T }>);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no ${type} frame within ${timeoutMs} ms: ${JSON.stringify(frames)}`));
      }, timeoutMs);
      waiters.add(wake);
      check();
    });
  await next('ready');
  return {
    frames,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next,
    closed,
    close: () => socket.close(),
  };
};

/** Signs a socket in and waits for the `ready` that names its role. */
export const authenticateSocket = async (socket: TestSocket, token: string) => {
  socket.send({ type: 'auth', token });
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const ready = socket.frames.find((frame) => frame.type === 'ready' && frame.role !== 'guest');
    if (ready) return ready;
    const refused = socket.frames.find((frame) => frame.type === 'error');
    if (refused) throw new Error(`auth refused: ${JSON.stringify(refused)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no member ready frame');
};
