import {
  ClientFrameSchema,
  REALTIME_CLOSE,
  type ClientFrame,
  type MemberRole,
  type RealtimeTopic,
  type ServerFrame,
} from '@lanna/contract';
import type { RawData, WebSocket } from 'ws';
import type { Delivery, DeliveryTarget } from './realtime-bus.ts';

/** The member a socket signed in as: its session decides what it may hear. */
export type SocketSession = {
  sessionId: string;
  memberId: number;
  role: MemberRole;
};

/** Turns an auth frame's token into the member of a live session of the merchant, or null. */
export type SocketAuthenticator = (
  token: string,
  merchantId: number,
) => Promise<SocketSession | null>;

export type GatewayOptions = {
  authenticate: SocketAuthenticator;
  /** Which of these sessions are still usable (not revoked, expired or idle). */
  usableSessions: (sessionIds: readonly string[]) => Promise<ReadonlySet<string>>;
  onError: (error: unknown) => void;
  /** Between pings; a socket that has not answered the previous one is dropped. */
  heartbeatMs?: number;
  /** Frames a client may send per window before it is disconnected. */
  maxFramesPerWindow?: number;
  frameWindowMs?: number;
  /** A client whose unsent frames pile up past this is too slow to keep. */
  maxBufferedBytes?: number;
  /** Between checks that the sockets' sessions are still usable. */
  sessionCheckMs?: number;
};

/** What the gateway uses of a socket (a `ws` WebSocket). */
export type GatewaySocket = Pick<
  WebSocket,
  'on' | 'send' | 'close' | 'terminate' | 'ping' | 'readyState' | 'bufferedAmount'
>;

type Connection = {
  socket: GatewaySocket;
  merchantId: number;
  session: SocketSession | null;
  /** Set once an auth frame arrived: one sign-in per socket, a new token means a new socket. */
  authRequested: boolean;
  topics: Set<RealtimeTopic>;
  alive: boolean;
  windowStart: number;
  framesInWindow: number;
  /** Frames are handled one after another, so a subscribe never overtakes the auth before it. */
  queue: Promise<void>;
};

const OPEN = 1;

/** Sockets grouped by a key: add, remove, and the set to deliver to. */
class Index<K> {
  readonly #sets = new Map<K, Set<Connection>>();
  add(key: K, connection: Connection): void {
    const set = this.#sets.get(key) ?? new Set<Connection>();
    this.#sets.set(key, set);
    set.add(connection);
  }
  remove(key: K, connection: Connection): void {
    const set = this.#sets.get(key);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.#sets.delete(key);
  }
  get(key: K): ReadonlySet<Connection> {
    return this.#sets.get(key) ?? new Set<Connection>();
  }
  keys(): K[] {
    return [...this.#sets.keys()];
  }
}

const memberKey = (merchantId: number, memberId: number) => `${merchantId}:${memberId}`;
const topicKey = (merchantId: number, topic: RealtimeTopic) => `${merchantId}:${topic}`;

/**
 * The sockets of one node and what each may hear. A socket starts as a guest of its merchant
 * (public events only) and becomes a member's with one `auth` frame; a token that is not a live
 * session closes it (4401), and a session revoked later closes it too (4403) after telling the
 * tab. Deliveries come from the bus, are serialised once, and are written to each matching
 * open socket; a socket that stops answering pings, floods frames or cannot keep up is dropped.
 */
export class Gateway {
  readonly #options: Required<GatewayOptions>;
  readonly #byMerchant = new Index<number>();
  readonly #byMember = new Index<string>();
  readonly #bySession = new Index<string>();
  readonly #byTopic = new Index<string>();
  readonly #heartbeat: NodeJS.Timeout;
  readonly #sessionCheck: NodeJS.Timeout;
  readonly #connections = new Set<Connection>();

  constructor(options: GatewayOptions) {
    this.#options = {
      heartbeatMs: 30_000,
      maxFramesPerWindow: 30,
      frameWindowMs: 10_000,
      maxBufferedBytes: 1_048_576,
      sessionCheckMs: 30_000,
      ...options,
    };
    this.#heartbeat = setInterval(() => this.#ping(), this.#options.heartbeatMs);
    this.#heartbeat.unref();
    this.#sessionCheck = setInterval(
      () => void this.checkSessions().catch(this.#options.onError),
      this.#options.sessionCheckMs,
    );
    this.#sessionCheck.unref();
  }

  /**
   * Ends the sockets whose session ran out without a revocation (absolute expiry, idle timeout,
   * a disabled account): told like a revoked one, so the tab signs out as its next request would.
   */
  async checkSessions(): Promise<void> {
    const sessionIds = this.#bySession.keys();
    if (sessionIds.length === 0) return;
    const usable = await this.#options.usableSessions(sessionIds);
    const text = JSON.stringify({ type: 'sessionRevoked' } satisfies ServerFrame);
    for (const sessionId of sessionIds) {
      if (usable.has(sessionId)) continue;
      for (const connection of [...this.#bySession.get(sessionId)]) {
        this.#send(connection, text);
        this.#close(connection, REALTIME_CLOSE.sessionRevoked);
      }
    }
  }

  /** How many sockets this node holds (tests, the bench). */
  get size(): number {
    return this.#connections.size;
  }

  attach(socket: GatewaySocket, merchantId: number): void {
    const connection: Connection = {
      socket,
      merchantId,
      session: null,
      authRequested: false,
      topics: new Set(),
      alive: true,
      windowStart: Date.now(),
      framesInWindow: 0,
      queue: Promise.resolve(),
    };
    this.#connections.add(connection);
    this.#byMerchant.add(merchantId, connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data, isBinary) => this.#receive(connection, data, isBinary));
    socket.on('close', () => this.#detach(connection));
    this.#send(connection, JSON.stringify({ type: 'ready', role: 'guest' } satisfies ServerFrame));
  }

  /** Writes a delivery to every socket of its target on this node. */
  deliver({ target, frame }: Delivery): void {
    const recipients = this.#recipientsOf(target);
    if (recipients.length === 0) return;
    // Encoded once for every recipient: a broadcast to thousands of sockets is mostly this loop.
    const text = Buffer.from(JSON.stringify(frame));
    for (const connection of recipients) {
      this.#send(connection, text);
      if (frame.type === 'sessionRevoked') this.#close(connection, REALTIME_CLOSE.sessionRevoked);
    }
  }

  close(): void {
    clearInterval(this.#heartbeat);
    clearInterval(this.#sessionCheck);
    for (const connection of this.#connections) connection.socket.terminate();
  }

  #recipientsOf(target: DeliveryTarget): Connection[] {
    switch (target.kind) {
      case 'merchant':
        return [...this.#byMerchant.get(target.merchantId)];
      case 'merchantMembers':
        return [...this.#byMerchant.get(target.merchantId)].filter((c) => c.session !== null);
      case 'member':
        return [...this.#byMember.get(memberKey(target.merchantId, target.memberId))];
      case 'topic':
        return [...this.#byTopic.get(topicKey(target.merchantId, target.topic))];
      case 'sessions':
        return target.sessionIds.flatMap((id) =>
          [...this.#bySession.get(id)].filter((c) => c.merchantId === target.merchantId),
        );
    }
  }

  #receive(connection: Connection, data: RawData, isBinary: boolean): void {
    // A socket being closed may still deliver frames it sent before; they change nothing.
    if (!this.#connections.has(connection) || !this.#admitFrame(connection)) return;
    let frame: ClientFrame;
    try {
      if (isBinary || !Buffer.isBuffer(data)) throw new Error('not a text frame');
      frame = ClientFrameSchema.parse(JSON.parse(data.toString('utf8')));
    } catch {
      this.#refuse(connection, 'VALIDATION_FAILED', REALTIME_CLOSE.protocolError);
      return;
    }
    connection.queue = connection.queue
      .then(() => this.#handle(connection, frame))
      .catch(this.#options.onError);
  }

  /** At most maxFramesPerWindow frames per window: a flood closes the socket. */
  #admitFrame(connection: Connection): boolean {
    const now = Date.now();
    if (now - connection.windowStart >= this.#options.frameWindowMs) {
      connection.windowStart = now;
      connection.framesInWindow = 0;
    }
    connection.framesInWindow += 1;
    if (connection.framesInWindow <= this.#options.maxFramesPerWindow) return true;
    this.#refuse(connection, 'RATE_LIMITED', REALTIME_CLOSE.tooManyFrames);
    return false;
  }

  async #handle(connection: Connection, frame: ClientFrame): Promise<void> {
    switch (frame.type) {
      case 'auth':
        return this.#authenticate(connection, frame.token);
      case 'subscribe':
        if (connection.topics.has(frame.topic) || !this.#connections.has(connection)) return;
        connection.topics.add(frame.topic);
        this.#byTopic.add(topicKey(connection.merchantId, frame.topic), connection);
        this.#sendFrame(connection, { type: 'subscribed', topic: frame.topic });
        return;
      case 'unsubscribe':
        connection.topics.delete(frame.topic);
        this.#byTopic.remove(topicKey(connection.merchantId, frame.topic), connection);
        return;
    }
  }

  async #authenticate(connection: Connection, token: string): Promise<void> {
    if (connection.authRequested) {
      this.#refuse(connection, 'VALIDATION_FAILED', REALTIME_CLOSE.protocolError);
      return;
    }
    connection.authRequested = true;
    const session = await this.#options.authenticate(token, connection.merchantId);
    if (connection.socket.readyState !== OPEN) return;
    if (!session) {
      this.#refuse(connection, 'UNAUTHORIZED', REALTIME_CLOSE.unauthorized);
      return;
    }
    if (!this.#connections.has(connection)) return;
    connection.session = session;
    this.#byMember.add(memberKey(connection.merchantId, session.memberId), connection);
    this.#bySession.add(session.sessionId, connection);
    this.#sendFrame(connection, { type: 'ready', role: session.role });
  }

  #refuse(
    connection: Connection,
    code: Extract<ServerFrame, { type: 'error' }>['code'],
    closeCode: number,
  ): void {
    this.#sendFrame(connection, { type: 'error', code });
    this.#close(connection, closeCode);
  }

  #sendFrame(connection: Connection, frame: ServerFrame): void {
    this.#send(connection, JSON.stringify(frame));
  }

  #send(connection: Connection, text: string | Buffer): void {
    const { socket } = connection;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.#options.maxBufferedBytes) {
      // A tab that cannot keep up would hold memory for ever: it reconnects and reads again.
      socket.terminate();
      return;
    }
    socket.send(text, { binary: false });
  }

  #close(connection: Connection, code: number): void {
    this.#detach(connection);
    if (connection.socket.readyState === OPEN) connection.socket.close(code);
  }

  #detach(connection: Connection): void {
    if (!this.#connections.delete(connection)) return;
    this.#byMerchant.remove(connection.merchantId, connection);
    for (const topic of connection.topics)
      this.#byTopic.remove(topicKey(connection.merchantId, topic), connection);
    const { session } = connection;
    if (session) {
      this.#byMember.remove(memberKey(connection.merchantId, session.memberId), connection);
      this.#bySession.remove(session.sessionId, connection);
    }
  }

  #ping(): void {
    for (const connection of this.#connections) {
      if (!connection.alive) {
        this.#detach(connection);
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }
}
