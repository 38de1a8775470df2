import {
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_CLOSE_TOKEN_EXPIRED,
  LIVE_CLOSE_UNAUTHORISED,
  LIVE_MAX_ROOMS,
  LIVE_RENEW_REFUSED,
  LIVE_ROOM_REFUSALS,
  LiveClientMessageSchema,
  type LiveDevice,
  type LiveFrame,
} from '@aos/contract';
import type { Principal } from '../lib/context.js';
import type { LinkLogger } from '../device/logger.js';
import { silentLogger } from '../device/logger.js';
import type { PrincipalService } from '../modules/auth/principal.service.js';
import type { SessionService, VerifiedAccess } from '../modules/auth/session.service.js';
import { LiveClient, type LiveClientOptions, type LiveSocket } from './client.js';
import type { LiveHub } from './hub.js';
import type { LiveMember } from './rooms.js';

/** Any of these permissions (menu codes) lets a user watch the live model of its tenant's devices. */
export const LIVE_PERMISSIONS = ['realtime', 'remote_control', 'track', 'hangar', 'device'] as const;

/** The close reasons sent with the close codes (the codes are the contract; the reasons help a reader). */
export const LIVE_CLOSE_REASONS = {
  unauthorised: 'unauthorised',
  forbidden: 'forbidden',
  sessionEnded: 'session ended',
  tokenExpired: 'token expired',
} as const;

/** setTimeout's longest delay; a later expiry is waited for in steps */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A socket as the layer sees it: a LiveSocket that tells when messages arrive and when it closes. */
export interface IncomingSocket extends LiveSocket {
  on(event: 'message', listener: (data: unknown) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

export interface LiveSocketsOptions extends LiveClientOptions {
  /** how often each open socket's session is checked again; 60 s by default */
  sessionCheckMs?: number;
  /** client frames larger than this are bad frames; 64 kB by default */
  maxFrameBytes?: number;
}

interface Connection {
  client: LiveClient;
  socket: IncomingSocket;
  claims: VerifiedAccess;
  member: LiveMember;
  /** the rooms it is in: its tenant's and user's from the start, and those it joined */
  rooms: Set<string>;
  /** joins, leaves and renewals, one after the other: answered in the order asked */
  queue: Promise<void>;
  /** closes the socket when `claims` expire */
  expiry: NodeJS.Timeout | null;
}

type Check =
  { ok: true; principal: Principal; claims: VerifiedAccess } | { ok: false; code: number; reason: string };

/**
 * The WebSocket side of live push: authenticates each socket with its access token, keeps the open clients
 * by tenant and by room, answers their frames (subscribe, unsubscribe, join, leave, ping), routes the hub's
 * device frames to the clients of the frame's tenant only and what is published to a room to the sockets in
 * it. Each socket is in its tenant's and its user's room from the start; a join is checked by the room
 * kind's rule (hub.rooms) and answered `joined` or `error` with the reason. Sessions are checked again every
 * sessionCheckMs: a revoked one (logout) closes. A socket closes when its access token expires
 * (LIVE_CLOSE_TOKEN_EXPIRED) unless the console sent a fresh token of the same user and session (`renew`).
 */
export class LiveSockets {
  private readonly byTenant = new Map<string, Set<Connection>>();
  private readonly byRoom = new Map<string, Set<Connection>>();
  private readonly unsubscribe: () => void;
  private readonly unsubscribeRooms: () => void;
  private readonly checker: NodeJS.Timeout;
  private log: LinkLogger = silentLogger;

  constructor(
    private readonly hub: LiveHub,
    private readonly sessions: Pick<SessionService, 'verifyAccess' | 'isRevoked'>,
    private readonly principals: Pick<PrincipalService, 'resolve'>,
    private readonly options: LiveSocketsOptions = {},
  ) {
    this.unsubscribe = hub.subscribe((tenantId, frame) => this.route(tenantId, frame));
    this.unsubscribeRooms = hub.rooms.subscribe((room, frame) => this.routeRoom(room, frame));
    this.checker = setInterval(() => void this.checkSessions(), options.sessionCheckMs ?? 60_000);
    this.checker.unref();
  }

  setLogger(log: LinkLogger): void {
    this.log = log;
  }

  /** Open sockets in `room` on this instance. */
  members(room: string): number {
    return this.byRoom.get(room)?.size ?? 0;
  }

  /** Open sockets (authenticated), all or of one tenant. */
  count(tenantId?: string): number {
    if (tenantId !== undefined) return this.byTenant.get(tenantId)?.size ?? 0;
    let total = 0;
    for (const set of this.byTenant.values()) total += set.size;
    return total;
  }

  /**
   * A socket just opened with `token`. Messages that arrive while the token is checked are kept and
   * answered once it is accepted; without a valid token the socket is closed at once.
   */
  accept(socket: IncomingSocket, token: string | undefined): void {
    const inbox: unknown[] = [];
    let onMessage: (data: unknown) => void = (data) => inbox.push(data);
    let connection: Connection | null = null;
    socket.on('message', (data) => onMessage(data));
    socket.on('close', () => {
      if (connection) this.remove(connection);
      onMessage = () => undefined;
    });
    this.authenticate(token)
      .catch((error: unknown): Check => {
        this.log.warn({ err: error }, 'live socket not authenticated');
        return { ok: false, code: LIVE_CLOSE_UNAUTHORISED, reason: LIVE_CLOSE_REASONS.unauthorised };
      })
      .then((check) => {
        if (socket.readyState !== 1) return;
        if (!check.ok) {
          socket.close(check.code, check.reason);
          return;
        }
        const client = new LiveClient(socket, check.principal.tenantId, this.options);
        const member: LiveMember = {
          tenantId: check.principal.tenantId,
          userId: check.principal.userId,
          permissions: check.principal.permissions,
        };
        connection = {
          client,
          socket,
          claims: check.claims,
          member,
          rooms: new Set(),
          queue: Promise.resolve(),
          expiry: null,
        };
        this.add(connection);
        if (!this.expireAt(connection)) return;
        for (const room of this.hub.rooms.homeRooms(member)) this.enter(connection, room);
        client.send('hello', {
          tenantId: client.tenantId,
          userId: member.userId,
          serverTime: Date.now(),
          rooms: [...connection.rooms],
        });
        const current = connection;
        onMessage = (data) => this.onFrame(current, data);
        for (const data of inbox.splice(0)) onMessage(data);
      });
  }

  /** Check every open socket's session now (also done every sessionCheckMs). */
  async checkSessions(): Promise<void> {
    const all = [...this.byTenant.values()].flatMap((set) => [...set]);
    await Promise.all(
      all.map(async (connection) => {
        const check = await this.recheck(connection.claims).catch(() => null);
        if (check && !check.ok) {
          this.remove(connection);
          connection.socket.close(check.code, check.reason);
        }
      }),
    );
  }

  close(): void {
    clearInterval(this.checker);
    this.unsubscribe();
    this.unsubscribeRooms();
    for (const set of this.byTenant.values()) {
      for (const connection of set) {
        if (connection.expiry) clearTimeout(connection.expiry);
        connection.client.dispose();
        connection.socket.close(1001, 'server closing');
      }
    }
    this.byTenant.clear();
    this.byRoom.clear();
  }

  private async authenticate(token: string | undefined): Promise<Check> {
    const claims = token ? this.sessions.verifyAccess(token) : null;
    if (!claims) return { ok: false, code: LIVE_CLOSE_UNAUTHORISED, reason: LIVE_CLOSE_REASONS.unauthorised };
    const principal = await this.principals.resolve(claims);
    if (typeof principal === 'string') {
      return { ok: false, code: LIVE_CLOSE_UNAUTHORISED, reason: LIVE_CLOSE_REASONS.unauthorised };
    }
    return this.permitted(principal, claims);
  }

  /** The session still stands: not revoked (logout), the user and tenant still enabled, still permitted. */
  private async recheck(claims: VerifiedAccess): Promise<Check> {
    const ended = {
      ok: false,
      code: LIVE_CLOSE_SESSION_ENDED,
      reason: LIVE_CLOSE_REASONS.sessionEnded,
    } as const;
    if (this.sessions.isRevoked(claims.sid)) return ended;
    const principal = await this.principals.resolve(claims);
    if (typeof principal === 'string') return ended;
    return this.permitted(principal, claims);
  }

  private permitted(principal: Principal, claims: VerifiedAccess): Check {
    return LIVE_PERMISSIONS.some((code) => principal.permissions.has(code))
      ? { ok: true, principal, claims }
      : { ok: false, code: LIVE_CLOSE_SESSION_ENDED, reason: LIVE_CLOSE_REASONS.forbidden };
  }

  /** (Re)arm the close at the expiry of the connection's token (`exp`, seconds); false: closed already. */
  private expireAt(connection: Connection): boolean {
    if (connection.expiry) clearTimeout(connection.expiry);
    connection.expiry = null;
    const left = connection.claims.exp * 1000 - Date.now();
    if (!(left > 0)) {
      this.expire(connection);
      return false;
    }
    connection.expiry = setTimeout(
      () => {
        connection.expiry = null;
        this.expireAt(connection);
      },
      Math.min(left, MAX_TIMER_MS),
    );
    connection.expiry.unref();
    return true;
  }

  private expire(connection: Connection): void {
    if (!this.byTenant.get(connection.client.tenantId)?.has(connection)) return;
    this.remove(connection);
    connection.socket.close(LIVE_CLOSE_TOKEN_EXPIRED, LIVE_CLOSE_REASONS.tokenExpired);
  }

  /**
   * A `renew`: a fresh access token, checked as the first one was (valid, unrevoked, the user enabled and
   * permitted) and of the same user, tenant and session; then the socket lives until its expiry.
   */
  private async renew(connection: Connection, token: string): Promise<void> {
    const { client, claims } = connection;
    const check = await this.authenticate(token).catch((error: unknown): null => {
      this.log.warn({ err: error }, 'live socket renewal not checked');
      return null;
    });
    const same =
      check?.ok &&
      check.claims.user_id === claims.user_id &&
      check.claims.tenant_id === claims.tenant_id &&
      check.claims.sid === claims.sid;
    // The socket may have closed (or expired) while the token was checked.
    if (!this.byTenant.get(client.tenantId)?.has(connection)) return;
    if (!same || !check?.ok) {
      this.log.info({ userId: claims.user_id }, 'live socket renewal refused');
      return client.send('error', { reason: LIVE_RENEW_REFUSED });
    }
    if (check.claims.exp > claims.exp) {
      connection.claims = check.claims;
      this.expireAt(connection);
    }
    client.send('renewed', { expiresAt: connection.claims.exp * 1000 });
  }

  private add(connection: Connection): void {
    const tenantId = connection.client.tenantId;
    let set = this.byTenant.get(tenantId);
    if (!set) this.byTenant.set(tenantId, (set = new Set()));
    set.add(connection);
  }

  private remove(connection: Connection): void {
    if (connection.expiry) clearTimeout(connection.expiry);
    connection.expiry = null;
    connection.client.dispose();
    const set = this.byTenant.get(connection.client.tenantId);
    set?.delete(connection);
    if (set?.size === 0) this.byTenant.delete(connection.client.tenantId);
    for (const room of [...connection.rooms]) this.exit(connection, room);
  }

  private enter(connection: Connection, room: string): void {
    connection.rooms.add(room);
    let set = this.byRoom.get(room);
    if (!set) this.byRoom.set(room, (set = new Set()));
    set.add(connection);
  }

  private exit(connection: Connection, room: string): void {
    connection.rooms.delete(room);
    const set = this.byRoom.get(room);
    set?.delete(connection);
    if (set?.size === 0) this.byRoom.delete(room);
  }

  private route(tenantId: string, frame: LiveFrame): void {
    const set = this.byTenant.get(tenantId);
    if (!set) return;
    for (const connection of set) connection.client.deliver(frame);
  }

  private routeRoom(room: string, frame: LiveFrame): void {
    const set = this.byRoom.get(room);
    if (!set) return;
    for (const connection of set) connection.client.deliverRoom(frame);
  }

  /** A join: checked by the room kind's rule; answered `joined`, or `error` with the reason (nothing joined). */
  private async join(connection: Connection, room: string): Promise<void> {
    const { client } = connection;
    if (connection.rooms.has(room)) return client.send('joined', { room });
    const home = this.hub.rooms.homeRooms(connection.member).length;
    const refusal =
      connection.rooms.size - home >= LIVE_MAX_ROOMS
        ? LIVE_ROOM_REFUSALS.tooMany
        : await this.hub.rooms.refusal(connection.member, room);
    if (refusal) return client.send('error', { room, reason: refusal });
    // The socket may have closed while the rule was read.
    if (!this.byTenant.get(client.tenantId)?.has(connection)) return;
    this.enter(connection, room);
    client.send('joined', { room });
  }

  /** A client frame: bad ones are counted and ignored, never fatal. */
  private onFrame(connection: Connection, data: unknown): void {
    const { client } = connection;
    const text = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : null;
    if (!text || text.length > (this.options.maxFrameBytes ?? 64 * 1024)) {
      client.badFrames += 1;
      return;
    }
    let parsed;
    try {
      parsed = LiveClientMessageSchema.safeParse(JSON.parse(text.toString('utf8')));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      client.badFrames += 1;
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'ping':
        return client.send('pong', { serverTime: Date.now() });
      case 'renew':
        connection.queue = connection.queue.then(() => this.renew(connection, message.token));
        return;
      case 'unsubscribe':
        return client.unfollow();
      case 'join':
        connection.queue = connection.queue.then(() =>
          this.join(connection, message.room).catch((error: unknown) => {
            this.log.warn({ err: error, room: message.room }, 'live room join failed');
            client.send('error', { room: message.room, reason: LIVE_ROOM_REFUSALS.forbidden });
          }),
        );
        return;
      case 'leave':
        connection.queue = connection.queue.then(() => {
          // The home rooms stay: the socket is its tenant's and its user's for as long as it is open.
          if (!this.hub.rooms.homeRooms(connection.member).includes(message.room))
            this.exit(connection, message.room);
          client.send('left', { room: message.room });
        });
        return;
      case 'subscribe':
        void client
          .follow(message.sns, () => this.devicesOf(client.tenantId))
          .catch((error: unknown) => this.log.warn({ err: error }, 'live snapshot failed'));
    }
  }

  private devicesOf(tenantId: string): Promise<LiveDevice[]> {
    return this.hub.list(tenantId);
  }
}
