import { connect, type Socket } from 'node:net';
import type { Load, Throughput } from './throughput.ts';

// How long answers may trail the last request before the missing ones count as errors.
const DRAIN_MS = 10_000;
// Connections are opened as requests need them (one request in flight on each), up to this.
const MAX_CONNECTIONS = 512;
// Sent at the same rate first and not counted: connections open and both sides' code is
// compiled before the measured second starts, as with any warmed-up client.
const WARM_UP_SECONDS = 1;

const HEADER_END = Buffer.from('\r\n\r\n');
const READ_BUFFER = Buffer.alloc(256 * 1024);
const NOTHING = Buffer.alloc(0);

const percentile = (sorted: Float64Array, share: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);

type Connection = {
  socket: Socket;
  pending: Buffer;
  /** When the request in flight was sent; null while the connection is idle. */
  sentAt: number | null;
};

/** One request's bytes: HTTP/1.1, keep-alive, a fixed Content-Length. */
const requestBytes = (
  target: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Buffer => {
  const lines = [`${method} ${target.pathname}${target.search} HTTP/1.1`];
  const named = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  if (!named.has('host')) lines.push(`host: ${target.host}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const payload = Buffer.from(body ?? '', 'utf8');
  if (body !== undefined) lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
};

/**
 * The status and the total length of the first whole response in `bytes`, or null while it is
 * incomplete. The servers measured here answer with Content-Length, never chunked.
 */
const completeResponse = (bytes: Buffer): { status: number; length: number } | null => {
  const headerEnd = bytes.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = bytes.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (!match?.[1]) throw new Error(`a response without Content-Length: ${head.slice(0, 200)}`);
  const length = headerEnd + HEADER_END.length + Number(match[1]);
  return bytes.length >= length ? { status, length } : null;
};

type Outcome = { ok: boolean; ms: number };

/** `rate` requests a second for `seconds`, evenly spaced; calls `settle` with each outcome. */
const runPaced = (
  url: string,
  load: Load,
  rate: number,
  seconds: number,
  settle: (outcome: Outcome) => void,
): Promise<{ sent: number; settled: number }> => {
  const target = new URL(url);
  const port = Number(target.port || 80);
  const fixed = load.nextBody
    ? null
    : requestBytes(target, load.method ?? 'GET', load.headers ?? {}, load.body);
  const total = Math.max(1, Math.round(rate * seconds));
  const intervalMs = 1000 / rate;
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  let sent = 0;
  let settled = 0;

  return new Promise((done) => {
    const finish = () => {
      clearTimeout(deadline);
      for (const connection of all) connection.socket.destroy();
      done({ sent, settled });
    };
    const answer = (ok: boolean, sentAt: number) => {
      settle({ ok, ms: performance.now() - sentAt });
      settled += 1;
      if (settled === total) finish();
    };
    // What stays past this read is copied: the read buffer is overwritten by the next one.
    const keep = (bytes: Buffer): Buffer => (bytes.length === 0 ? NOTHING : Buffer.from(bytes));
    const received = (connection: Connection, chunk: Buffer) => {
      const bytes =
        connection.pending.length === 0 ? chunk : Buffer.concat([connection.pending, chunk]);
      const response = completeResponse(bytes);
      if (!response || connection.sentAt === null) {
        connection.pending = keep(bytes);
        return;
      }
      connection.pending = keep(bytes.subarray(response.length));
      const sentAt = connection.sentAt;
      connection.sentAt = null;
      idle.push(connection);
      answer(response.status < 300, sentAt);
    };
    const open = (): Connection => {
      const socket = connect({
        host: target.hostname,
        port,
        noDelay: true,
        // Every read lands in one reused buffer: a new buffer per read made this client run a
        // mark-compact (6 to 9 ms stalls) every half second at 28,000 requests/s, and each
        // stall came back as the server's latency.
        onread: {
          buffer: READ_BUFFER,
          callback: (size) => {
            received(connection, READ_BUFFER.subarray(0, size));
            return true;
          },
        },
      });
      const connection: Connection = { socket, pending: NOTHING, sentAt: null };
      all.add(connection);
      const drop = () => {
        if (!all.delete(connection)) return;
        const index = idle.indexOf(connection);
        if (index >= 0) idle.splice(index, 1);
        if (connection.sentAt !== null) answer(false, connection.sentAt);
      };
      socket.once('error', drop);
      socket.once('close', drop);
      return connection;
    };
    const fire = () => {
      const connection = idle.pop() ?? (all.size < MAX_CONNECTIONS ? open() : null);
      if (!connection) {
        // Every connection is waiting: the server is past this rate, and this one is lost.
        answer(false, performance.now());
        return;
      }
      const next = load.nextBody?.();
      const bytes =
        fixed ??
        requestBytes(
          target,
          load.method ?? 'GET',
          { ...load.headers, ...next?.headers },
          next?.body ?? load.body,
        );
      connection.sentAt = performance.now();
      connection.socket.write(bytes);
    };
    const started = performance.now();
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / intervalMs) + 1);
      while (sent < due) {
        sent += 1;
        fire();
      }
      if (sent < total)
        setTimeout(tick, Math.max(0, started + sent * intervalMs - performance.now()));
    };
    const deadline = setTimeout(finish, seconds * 1000 + DRAIN_MS);
    tick();
  });
};

/**
 * A fixed offered load: `rate` requests a second, evenly spaced, each sent when its time comes
 * whether or not earlier ones were answered (an open loop, so a slow answer cannot hold the
 * next request back and hide its own delay). autocannon's rate option sends each second's
 * quota back to back at the start of the second, which measures bursts, not a steady rate.
 * The client writes prepared request bytes on keep-alive sockets and reads only the status and
 * Content-Length, so at thousands of requests a second the latency is the server's, not the
 * client's. Latency runs from writing a request to the last byte of its answer.
 */
export const measureAtRate = async (
  url: string,
  load: Load,
  rate: number,
  seconds: number,
): Promise<Throughput> => {
  await runPaced(url, load, rate, WARM_UP_SECONDS, () => undefined);
  const total = Math.max(1, Math.round(rate * seconds));
  // Allocated once: a growing array of 200,000 times made the client itself mark-compact.
  const times = new Float64Array(total);
  let answered = 0;
  let errors = 0;
  const { settled } = await runPaced(url, load, rate, seconds, ({ ok, ms }) => {
    if (ok && answered < total) {
      times[answered] = ms;
      answered += 1;
    } else errors += 1;
  });
  const sorted = times.subarray(0, answered).sort();
  return {
    requestsPerSecond: answered / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    errors: errors + (total - settled),
  };
};
