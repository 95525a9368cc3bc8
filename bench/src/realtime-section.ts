import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { REALTIME_PATH } from '@lanna/contract';
import WebSocket from 'ws';
import { loginOverHttp } from './member-login.ts';
import { detail, figure, line, ratio } from './report.ts';

const HOST = 'lanna.localhost';
const CONNECTIONS = Number(process.env.BENCH_SOCKETS ?? 5000);
const OPENING_BATCH = 200;
const BALANCE_EVENTS = 200;
const ROUNDS = 5;

/** Opens `count` sockets in batches; each calls `onFrame` with the time a frame arrived. */
const openSockets = async (
  url: string,
  count: number,
  onFrame: (at: number, text: string) => void,
  host?: string,
): Promise<WebSocket[]> => {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += OPENING_BATCH) {
    const batch = Array.from(
      { length: Math.min(OPENING_BATCH, count - start) },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(url, host ? { headers: { host } } : {});
          socket.on('message', (data: Buffer) => onFrame(performance.now(), data.toString()));
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
};

/** Resident memory of a process and of its children (tsx runs the server as a child). */
const residentKb = (pid: number): number => {
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  let children: string[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  } catch {
    children = [];
  }
  return own + children.filter(Boolean).reduce((sum, child) => sum + residentKb(Number(child)), 0);
};

const settle = () => new Promise((wake) => setTimeout(wake, 1500));

/**
 * How long one frame takes to reach every one of `count` sockets: from the trigger to the last
 * arrival, and from the first arrival to the last (the fan-out itself).
 */
const fanOut = async (
  sockets: number,
  trigger: () => Promise<unknown>,
  matches: (text: string) => boolean,
  frames: { text: string; at: number }[],
) => {
  frames.length = 0;
  const started = performance.now();
  await trigger();
  const deadline = Date.now() + 30_000;
  while (frames.filter((f) => matches(f.text)).length < sockets && Date.now() < deadline)
    await new Promise((wake) => setTimeout(wake, 5));
  const times = frames.filter((f) => matches(f.text)).map((f) => f.at);
  const first = Math.min(...times);
  const last = Math.max(...times);
  return { received: times.length, totalMs: last - started, spreadMs: last - first };
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * Issue 6: the realtime gateway on one server process at CONNECTIONS sockets: one event to all
 * of them against a bare `ws` broadcast of the same frame at as many sockets, the memory each
 * socket costs the server, and how soon a member's balance frame follows an operator adjustment.
 */
export const realtimeSection = async (input: {
  database: string;
  lannaUrl: string;
  lannaChild: ChildProcess;
  bareUrl: string;
  operatorKey: string;
}) => {
  const frames: { text: string; at: number }[] = [];
  const record = (at: number, text: string) => frames.push({ text, at });
  const wsUrl = (base: string, path: string) => `${base.replace(/^http/, 'ws')}${path}`;
  const serverPid = input.lannaChild.pid ?? 0;

  await settle();
  const before = residentKb(serverPid);
  const ours = await openSockets(wsUrl(input.lannaUrl, REALTIME_PATH), CONNECTIONS, record, HOST);
  await settle();
  const after = residentKb(serverPid);
  const perSocketKb = (after - before) / CONNECTIONS;

  const announce = () =>
    fetch(`${input.lannaUrl}/ops/merchants/lanna/announcements`, {
      method: 'POST',
      headers: {
        host: HOST,
        authorization: `Bearer ${input.operatorKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        title: 'Bench',
        content: '<p>bench</p>',
        promotionType: 'B',
        execution: 'A',
        reason: 'realtime bench',
      }),
    }).then((response) => {
      if (!response.ok) throw new Error(`announcement answered ${response.status}`);
    });
  const isAnnouncement = (text: string) => text.includes('"announcements"');
  const bare = await openSockets(wsUrl(input.bareUrl, '/'), CONNECTIONS, record);
  const broadcast = () => fetch(`${input.bareUrl}/broadcast`, { method: 'POST' });
  // Rounds alternate between the two servers, so neither gets the quieter machine; medians.
  const ourRounds: Awaited<ReturnType<typeof fanOut>>[] = [];
  const peerRounds: Awaited<ReturnType<typeof fanOut>>[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    ourRounds.push(await fanOut(CONNECTIONS, announce, isAnnouncement, frames));
    await settle();
    peerRounds.push(await fanOut(CONNECTIONS, broadcast, isAnnouncement, frames));
    await settle();
  }
  for (const socket of bare) socket.terminate();
  const median = (rounds: Awaited<ReturnType<typeof fanOut>>[]) => ({
    spreadMs: percentile(
      rounds.map((r) => r.spreadMs),
      50,
    ),
    totalMs: percentile(
      rounds.map((r) => r.totalMs),
      50,
    ),
    received: Math.min(...rounds.map((r) => r.received)),
  });
  const lanna = median(ourRounds);
  const peer = median(peerRounds);

  // A member's balance: the operator adjusts it, the member's socket hears it.
  const token = await loginOverHttp(input.lannaUrl, HOST, 'demo_member', 'Demo@12345');
  const memberFrames: number[] = [];
  // Commit to socket: the frame names its commit time, read on this machine's clock.
  const sinceCommit: number[] = [];
  const [member] = await openSockets(
    wsUrl(input.lannaUrl, REALTIME_PATH),
    1,
    (at, text) => {
      if (!text.includes('"balance"')) return;
      memberFrames.push(at);
      const { committedAt } = JSON.parse(text) as { committedAt?: string };
      if (committedAt) sinceCommit.push(Date.now() - Date.parse(committedAt));
    },
    HOST,
  );
  member?.send(JSON.stringify({ type: 'auth', token }));
  await settle();
  const delays: number[] = [];
  let beforeAnswer = 0;
  for (let i = 0; i < BALANCE_EVENTS; i += 1) {
    const heard = memberFrames.length;
    const started = performance.now();
    const response = await fetch(
      `${input.lannaUrl}/ops/merchants/lanna/members/demo_member/adjustments`,
      {
        method: 'POST',
        headers: {
          host: HOST,
          authorization: `Bearer ${input.operatorKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          direction: 'credit',
          amountMinor: '1',
          reason: 'realtime bench',
          idempotencyKey: `bench-realtime-${Date.now()}-${i}`,
        }),
      },
    );
    const answeredAt = performance.now();
    if (!response.ok) throw new Error(`adjustment answered ${response.status}`);
    while (memberFrames.length === heard) await new Promise((wake) => setTimeout(wake, 1));
    if ((memberFrames[heard] ?? Infinity) <= answeredAt) beforeAnswer += 1;
    // The commit happens inside the request, so request-to-frame bounds commit-to-frame.
    delays.push((memberFrames[heard] ?? started) - started);
  }
  member?.terminate();
  for (const socket of ours) socket.terminate();

  console.log(
    `\nRealtime gateway, ${CONNECTIONS} WebSockets on one server process (${input.database})`,
  );
  line(
    'fan-out of one event (ms)',
    lanna.spreadMs.toFixed(1),
    'bare ws broadcast (ms)',
    peer.spreadMs.toFixed(1),
    ratio(peer.spreadMs, lanna.spreadMs),
    '>= 0.85 (bare time / ours)',
  );
  detail(
    `first to last socket; trigger to last socket: ours ${lanna.totalMs.toFixed(1)} ms (operator ` +
      `publishes an announcement: HTTP, transaction, audit), bare ${peer.totalMs.toFixed(1)} ms ` +
      `(HTTP POST); received ${lanna.received} and ${peer.received} of ${CONNECTIONS}`,
  );
  figure('server memory per socket (KB)', perSocketKb.toFixed(1), '<= 20 KB');
  detail(
    `server RSS ${(before / 1024).toFixed(0)} MB before, ${(after / 1024).toFixed(0)} MB after`,
  );
  figure(
    `balance event p99, ledger commit to socket (ms)`,
    percentile(sinceCommit, 99).toFixed(1),
    '<= 50 ms',
  );
  detail(
    `${sinceCommit.length} adjustments with ${CONNECTIONS} other sockets open: from the commit time ` +
      `the frame carries (server clock, ms) to its arrival; p50 ` +
      `${percentile(sinceCommit, 50).toFixed(1)} ms. From the adjustment request: p50 ` +
      `${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms; the ` +
      `frame came before the HTTP answer ${beforeAnswer} times in ${BALANCE_EVENTS}`,
  );
};
