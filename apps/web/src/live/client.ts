import type { LiveClientMessage, LiveFrame } from '@aos/contract';
import { LIVE_CLOSE_UNAUTHORISED } from '@aos/contract/rules';

export type LiveStatus = 'connecting' | 'open' | 'closed';

export interface LiveClientOptions {
  /** the access token now (it changes on refresh); no token: stay closed */
  token: () => string | undefined;
  onFrame: (frame: LiveFrame) => void;
  onStatus: (status: LiveStatus) => void;
  /** the `/api/ws` address; by default on this page's host */
  url?: string;
}

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 15_000;
const PING_MS = 25_000;

/**
 * One WebSocket to `/api/ws` that stays open while wanted: it reconnects with backoff when the connection
 * drops (and after a token refresh, with the new token), and repeats the current subscription each time it
 * opens, so the first frame after a reconnect is a fresh snapshot.
 */
export class LiveClient {
  private socket: WebSocket | null = null;
  private wanted = false;
  private subscription: LiveClientMessage | null = null;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private openedWith: string | undefined;

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

  /** Follow every device of the tenant (no `sns`) or only these. */
  subscribe(sns?: string[]): void {
    this.subscription = { type: 'subscribe', ...(sns ? { sns } : {}) };
    this.send(this.subscription);
  }

  /** Reopen with the current token if it changed (called after a token refresh). */
  tokenChanged(): void {
    if (this.wanted && this.options.token() !== this.openedWith) {
      this.socket?.close(1000);
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
    const socket = new WebSocket(`${this.url()}?token=${encodeURIComponent(token)}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = RETRY_MIN_MS;
      this.options.onStatus('open');
      if (this.subscription) this.send(this.subscription);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_MS);
    };
    socket.onmessage = (message) => {
      try {
        this.options.onFrame(JSON.parse(String(message.data)) as LiveFrame);
      } catch {
        // a frame that is not JSON is ignored
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.options.onStatus('closed');
      if (!this.wanted) return;
      // A refused token waits for the refresh (tokenChanged) or the next retry with whatever token exists.
      const delay = event.code === LIVE_CLOSE_UNAUTHORISED ? RETRY_MAX_MS : this.retryMs;
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
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
