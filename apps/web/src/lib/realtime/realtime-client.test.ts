// The tab's realtime connection: it signs in by its first frame (the token never goes into the
// URL), rejoins its topics and says 'resumed' after a break so screens read again what they may
// have missed, backs off exponentially with jitter, and hands a refused or revoked token back
// to the app once, then listens as a guest.
import type { ServerFrame } from '@lanna/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type RealtimeSignal } from './realtime-client';

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const TOKEN = 'a'.repeat(43);
let sockets: FakeSocket[];
let signals: RealtimeSignal[];

const newClient = () => {
  const client = new RealtimeClient({
    url: () => 'ws://lanna.test/wps/realtime',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random: () => 0.5,
  });
  client.onSignal((signal) => signals.push(signal));
  return client;
};

const last = () => sockets.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  signals = [];
});
afterEach(() => vi.useRealTimers());

describe('RealtimeClient', () => {
  it('signs in with its first frame, not the URL, and joins the topics asked for', () => {
    const client = newClient();
    client.setToken(TOKEN);
    client.subscribe('chat');
    client.start();
    last().open();
    expect(last().url).toBe('ws://lanna.test/wps/realtime');
    expect(last().sent).toEqual([
      { type: 'auth', token: TOKEN },
      { type: 'subscribe', topic: 'chat' },
    ]);
    last().receive({ type: 'ready', role: 'member' });
    expect(client.status).toBe('open');
    client.stop();
  });

  it('reconnects after a break with growing waits, rejoins, and says it resumed', () => {
    const client = newClient();
    client.setToken(TOKEN);
    client.start();
    client.subscribe('chat');
    last().open();
    last().receive({ type: 'ready', role: 'member' });
    expect(signals).toEqual([]);

    last().drop(1006);
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(client.delayOf(0) - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // The second try fails too: the next wait is longer.
    last().drop(1006);
    vi.advanceTimersByTime(client.delayOf(0));
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(client.delayOf(1) - client.delayOf(0));
    expect(sockets).toHaveLength(3);

    last().open();
    expect(last().sent).toEqual([
      { type: 'auth', token: TOKEN },
      { type: 'subscribe', topic: 'chat' },
    ]);
    last().receive({ type: 'ready', role: 'member' });
    expect(signals).toEqual([{ type: 'resumed' }]);
    client.stop();
  });

  it('spreads waits between half and all of a doubling cap, up to 30 s', () => {
    const low = new RealtimeClient({ url: () => '', random: () => 0 });
    const high = new RealtimeClient({ url: () => '', random: () => 1 });
    expect([0, 1, 2, 3].map((n) => low.delayOf(n))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((n) => high.delayOf(n))).toEqual([1000, 2000, 4000, 8000]);
    expect(high.delayOf(20)).toBe(30_000);
    expect(low.delayOf(20)).toBe(15_000);
  });

  it('hands a revoked token back once and goes on as a guest at once', () => {
    const client = newClient();
    client.setToken(TOKEN);
    client.start();
    last().open();
    last().receive({ type: 'ready', role: 'member' });
    last().receive({ type: 'sessionRevoked' });
    last().drop(4403);
    expect(signals).toEqual([{ type: 'sessionEnded', token: TOKEN }]);
    // No wait: the guest socket opens straight away and sends no token.
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([]);
    client.stop();
  });

  it('opens a new socket when the tab signs in, and ignores frames it cannot read', () => {
    const client = newClient();
    const balances: unknown[] = [];
    client.on('balance', (frame) => balances.push(frame));
    client.start();
    last().open();
    client.setToken(TOKEN);
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.readyState).toBe(3);
    last().open();
    last().onmessage?.({ data: '{"type":"balance","balanceMinor":"-5"}' });
    last().onmessage?.({ data: 'not json' });
    const frame = {
      type: 'balance',
      wallet: 'main',
      vendorCode: null,
      balanceMinor: '700',
      committedAt: '2026-11-22T09:00:00.000Z',
    } as const;
    last().receive(frame);
    expect(balances).toEqual([frame]);
    client.stop();
  });
});
