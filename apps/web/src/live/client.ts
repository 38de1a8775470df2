import type { LiveClientMessage, LiveEventName, LiveEvents, LiveFrame } from '@aos/contract';
import { LIVE_CLOSE_TOKEN_EXPIRED, LIVE_CLOSE_UNAUTHORISED, LIVE_RENEW_REFUSED } from '@aos/contract/rules';

export type LiveStatus = 'connecting' | 'open' | 'closed';

export interface LiveClientOptions {
  /** the access token now (it changes on refresh); no token: stay closed */
  token: () => string | undefined;
  onFrame: (frame: LiveFrame) => void;
  onStatus: (status: LiveStatus) => void;
  /** the `/api/ws` address; by default on this page's host */
  url?: string;
}

/** A handler of one event: its payload, and the whole frame (with the room it was published to). */
export type LiveHandler<K extends LiveEventName> = (
  data: LiveEvents[K],
  frame: Extract<LiveFrame, { event: K }>,
) => void;

type AnyHandler = (data: unknown, frame: LiveFrame) => void;

const RETRY_MIN_MS = 1000;
/** A dropped connection is retried at 1, 2, 4, then every 5 s: the live view is back within 10 s of the server. */
const RETRY_MAX_MS = 5000;
/** A refused token waits for the refresh (tokenChanged) rather than knocking every second. */
const REFUSED_RETRY_MS = 15_000;
const PING_MS = 25_000;

/**
 * One WebSocket to `/api/ws` that stays open while wanted: it reconnects with backoff when the connection
 * drops, and repeats what it follows and the rooms it joined each time it opens, so the first frame after a
 * reconnect is a fresh snapshot and no room is lost. The server closes a socket when its access token
 * expires: after a token refresh the open socket is renewed with the new token (`renew`; reopened if
 * refused), and a socket closed at expiry reconnects at once with the current token. Every frame goes to
 * `onFrame` and to the handlers of its event (`on`).
 */
export class LiveClient {
  private socket: WebSocket | null = null;
  private wanted = false;
  private following: LiveClientMessage | null = null;
  /** rooms joined (beyond the tenant's and user's, which every socket is in), with how many asked */
  private readonly rooms = new Map<string, number>();
  /** handlers by event (stored untyped: `on` is what ties each to its event's payload) */
  private readonly handlers = new Map<LiveEventName, Set<AnyHandler>>();
  private retryMs = RETRY_MIN_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  /** the token the open socket was opened with or last renewed with */
  private openedWith: string | undefined;
  /** a token sent in `renew`, not answered yet */
  private renewing: string | undefined;

  constructor(private readonly options: LiveClientOptions) {}

  start(): void {
    this.wanted = true;
    if (!this.socket) this.connect();
  }

  stop(): void {
    this.wanted = false;
    this.clearTimers();
    this.socket?.close(1000);
    this.socket = null;
    this.options.onStatus('closed');
  }

  /** Follow every device of the tenant (no `sns`) or only these; `null`: no device. */
  follow(sns?: string[] | null): void {
    if (sns === null) {
      if (this.following) this.send({ type: 'unsubscribe' });
      this.following = null;
      return;
    }
    this.following = { type: 'subscribe', ...(sns ? { sns } : {}) };
    this.send(this.following);
  }

  /**
   * Join `room` (`device:<sn>`, `task:<id>`...) now and after every reconnect, until the answered function
   * is called (each call of subscribe needs its own; the room is left when the last one is). The server
   * answers `joined`, or `error` with the reason.
   */
  subscribe(room: string): () => void {
    const count = this.rooms.get(room) ?? 0;
    this.rooms.set(room, count + 1);
    if (count === 0) this.send({ type: 'join', room });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.rooms.get(room) ?? 1) - 1;
      if (left > 0) return void this.rooms.set(room, left);
      this.rooms.delete(room);
      this.send({ type: 'leave', room });
    };
  }

  /** The rooms joined now. */
  joined(): string[] {
    return [...this.rooms.keys()];
  }

  /** Call `handler` with every `event` frame until the answered function is called. */
  on<K extends LiveEventName>(event: K, handler: LiveHandler<K>): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    const untyped = handler as unknown as AnyHandler;
    set.add(untyped);
    return () => void set.delete(untyped);
  }

  /**
   * The token changed (a refresh): an open socket is renewed with it, so the server keeps it open past the
   * old token's expiry; one still connecting is reopened with it, and one waiting to reconnect (closed at
   * expiry or refused) reconnects now.
   */
  tokenChanged(): void {
    const token = this.options.token();
    if (!this.wanted || !token || token === this.openedWith) return;
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.renewing = token;
      this.send({ type: 'renew', token });
    } else if (this.socket) {
      this.socket.close(1000);
    } else if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.connect();
    }
  }

  private url(): string {
    if (this.options.url) return this.options.url;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${location.host}/api/ws`;
  }

  private connect(): void {
    const token = this.options.token();
    if (!this.wanted || !token) return;
    this.options.onStatus('connecting');
    this.openedWith = token;
    this.renewing = undefined;
    const socket = new WebSocket(`${this.url()}?token=${encodeURIComponent(token)}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = RETRY_MIN_MS;
      this.options.onStatus('open');
      if (this.following) this.send(this.following);
      for (const room of this.rooms.keys()) this.send({ type: 'join', room });
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_MS);
    };
    socket.onmessage = (message) => {
      let frame: LiveFrame;
      try {
        frame = JSON.parse(String(message.data)) as LiveFrame;
      } catch {
        return; // a frame that is not JSON is ignored
      }
      this.renewAnswered(socket, frame);
      this.dispatch(frame);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.options.onStatus('closed');
      if (!this.wanted) return;
      // A refused token, or one that expired with no fresher one here yet, waits for the refresh
      // (tokenChanged) or the next retry with whatever token exists; an expired one already refreshed
      // reconnects at once.
      const stale = this.options.token() === this.openedWith;
      if (event.code === LIVE_CLOSE_TOKEN_EXPIRED && !stale) return this.connect();
      const refused = event.code === LIVE_CLOSE_UNAUTHORISED || event.code === LIVE_CLOSE_TOKEN_EXPIRED;
      // ±20 %: the consoles of a restarted server do not all knock at the same instant
      const delay = (refused ? REFUSED_RETRY_MS : this.retryMs) * (0.8 + Math.random() * 0.4);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  /** The answer to a `renew`: the socket now lives on the new token, or (refused) it reopens with it. */
  private renewAnswered(socket: WebSocket, frame: LiveFrame): void {
    if (!this.renewing) return;
    if (frame.event === 'renewed') {
      this.openedWith = this.renewing;
      this.renewing = undefined;
    } else if (frame.event === 'error' && frame.data.reason === LIVE_RENEW_REFUSED && !frame.data.room) {
      this.renewing = undefined;
      socket.close(1000);
    }
  }

  /** A frame received: to `onFrame`, then to its event's handlers (one failing handler stops no other). */
  dispatch(frame: LiveFrame): void {
    this.options.onFrame(frame);
    for (const handler of this.handlers.get(frame.event) ?? []) {
      try {
        handler(frame.data, frame);
      } catch (error) {
        reportError(error);
      }
    }
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }
}
