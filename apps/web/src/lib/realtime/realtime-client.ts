import {
  REALTIME_CLOSE,
  REALTIME_PATH,
  ServerFrameSchema,
  type ClientFrame,
  type RealtimeTopic,
  type ServerFrame,
} from '@lanna/contract';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

type FrameType = ServerFrame['type'];
type FrameOf<T extends FrameType> = Extract<ServerFrame, { type: T }>;

/** What the client tells besides frames: a token the server refused, a resumed connection. */
export type RealtimeSignal =
  /** The server refused or revoked `token` (4401, 4403): that session is over in this tab. */
  | { type: 'sessionEnded'; token: string }
  /** A socket is back after a break: whatever was published meanwhile must be read again. */
  | { type: 'resumed' };

export type RealtimeClientOptions = {
  /** The socket address (the page's host, ws: or wss: like the page). */
  url: () => string;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
  /** The first reconnect waits about this long; each failure doubles it up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
};

/** The page's own host: ws: beside http:, wss: beside https:. */
export const defaultRealtimeUrl = (): string => {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${REALTIME_PATH}`;
};

/**
 * One WebSocket to the realtime gateway for the tab (issue 6 item 8). It signs in with the
 * session token in its first frame (never in the URL), joins the topics screens ask for, and
 * reconnects after a break with exponential backoff and full jitter, so a restarted server is
 * not hit by every tab at the same instant. After a reconnect it says `resumed`, and listeners
 * read again what frames may have been missed while it was away.
 */
export class RealtimeClient {
  readonly #options: Required<RealtimeClientOptions>;
  readonly #frameListeners = new Map<FrameType, Set<(frame: ServerFrame) => void>>();
  readonly #signalListeners = new Set<(signal: RealtimeSignal) => void>();
  readonly #statusListeners = new Set<() => void>();
  readonly #topics = new Map<RealtimeTopic, number>();
  #socket: WebSocket | null = null;
  #token: string | null = null;
  #started = false;
  #status: RealtimeStatus = 'idle';
  #attempt = 0;
  #everOpened = false;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: RealtimeClientOptions) {
    this.#options = {
      createSocket: (url) => new WebSocket(url),
      random: Math.random,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      ...options,
    };
  }

  get status(): RealtimeStatus {
    return this.#status;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#connect();
  }

  stop(): void {
    this.#started = false;
    this.#clearRetry();
    this.#drop();
    this.#setStatus('idle');
  }

  /** Signs the tab in or out: a different token means a new socket, at once. */
  setToken(token: string | null): void {
    if (token === this.#token) return;
    this.#token = token;
    if (!this.#started) return;
    this.#clearRetry();
    this.#drop();
    this.#attempt = 0;
    // Another session starts afresh: its screens read everything anyway, nothing to resume.
    this.#everOpened = false;
    this.#connect();
  }

  /** Joins a topic while at least one screen wants it; the returned function leaves. */
  subscribe(topic: RealtimeTopic): () => void {
    const count = this.#topics.get(topic) ?? 0;
    this.#topics.set(topic, count + 1);
    if (count === 0) this.#sendFrame({ type: 'subscribe', topic });
    return () => {
      const left = (this.#topics.get(topic) ?? 1) - 1;
      if (left > 0) {
        this.#topics.set(topic, left);
        return;
      }
      this.#topics.delete(topic);
      this.#sendFrame({ type: 'unsubscribe', topic });
    };
  }

  on<T extends FrameType>(type: T, listener: (frame: FrameOf<T>) => void): () => void {
    const set = this.#frameListeners.get(type) ?? new Set();
    this.#frameListeners.set(type, set);
    const wrapped = listener as (frame: ServerFrame) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  onSignal(listener: (signal: RealtimeSignal) => void): () => void {
    this.#signalListeners.add(listener);
    return () => this.#signalListeners.delete(listener);
  }

  onStatus(listener: () => void): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  /** The wait before reconnect attempt `attempt` (0-based): full jitter over a doubling cap. */
  delayOf(attempt: number): number {
    const cap = Math.min(this.#options.maxDelayMs, this.#options.baseDelayMs * 2 ** attempt);
    return Math.round(cap / 2 + (cap / 2) * this.#options.random());
  }

  #connect(): void {
    this.#setStatus(this.#everOpened ? 'reconnecting' : 'connecting');
    let socket: WebSocket;
    try {
      socket = this.#options.createSocket(this.#options.url());
    } catch {
      this.#scheduleRetry();
      return;
    }
    this.#socket = socket;
    const token = this.#token;
    socket.onopen = () => {
      if (token) this.#sendFrame({ type: 'auth', token });
      for (const topic of this.#topics.keys()) this.#sendFrame({ type: 'subscribe', topic });
    };
    socket.onmessage = (event: MessageEvent) => this.#receive(event.data, token);
    socket.onclose = (event: CloseEvent) => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#closed(event.code, token);
    };
  }

  #receive(data: unknown, token: string | null): void {
    if (typeof data !== 'string') return;
    let frame: ServerFrame;
    try {
      const parsed = ServerFrameSchema.safeParse(JSON.parse(data));
      if (!parsed.success) return;
      frame = parsed.data;
    } catch {
      return;
    }
    // Ready for the session (or as a guest without one): the connection is fully back.
    if (frame.type === 'ready' && (frame.role !== 'guest' || token === null)) this.#opened();
    for (const listener of this.#frameListeners.get(frame.type) ?? []) listener(frame);
  }

  #opened(): void {
    const resumed = this.#everOpened;
    this.#everOpened = true;
    this.#attempt = 0;
    this.#setStatus('open');
    if (resumed) this.#signal({ type: 'resumed' });
  }

  #closed(code: number, token: string | null): void {
    const sessionOver =
      code === REALTIME_CLOSE.unauthorized || code === REALTIME_CLOSE.sessionRevoked;
    if (sessionOver && token !== null && token === this.#token) {
      // The tab signs out; until the app gives another token it listens as a guest.
      this.#token = null;
      this.#signal({ type: 'sessionEnded', token });
    }
    if (!this.#started) return;
    if (sessionOver) {
      this.#connect();
      return;
    }
    this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    this.#setStatus('reconnecting');
    const delay = this.delayOf(this.#attempt);
    this.#attempt += 1;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (this.#started) this.#connect();
    }, delay);
  }

  #clearRetry(): void {
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
  }

  #drop(): void {
    const socket = this.#socket;
    this.#socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN)
      socket.close(1000);
  }

  #sendFrame(frame: ClientFrame): void {
    const socket = this.#socket;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  }

  #signal(signal: RealtimeSignal): void {
    for (const listener of this.#signalListeners) listener(signal);
  }

  #setStatus(status: RealtimeStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    for (const listener of this.#statusListeners) listener();
  }
}
