import {
  LIVE_ROOM_REFUSALS,
  type LiveEventName,
  type LiveEvents,
  type LiveFrame,
  liveRoom,
  parseLiveRoom,
} from '@aos/contract';
import type { Cache } from '../lib/cache.js';
import { type LinkLogger, silentLogger } from '../device/logger.js';

/** The cache channel every instance's rooms share what is published on. */
export const LIVE_ROOM_CHANNEL = 'live:room';

/** Who asks to join a room: the socket's user as its session resolved. */
export interface LiveMember {
  tenantId: string;
  userId: string;
  /** menu and button codes the user holds */
  permissions: ReadonlySet<string>;
}

/**
 * Whether `member` may join the room `<kind>:<id>`: true, false (refused as 'forbidden'), or the reason
 * of the refusal (a LIVE_ROOM_REFUSALS value, so the console reads the same words everywhere). A room that
 * names something of another tenant must be refused with LIVE_ROOM_REFUSALS.otherTenant.
 */
export type MayJoin = (member: LiveMember, id: string) => boolean | string | Promise<boolean | string>;

/** Room frames for the WebSocket layer: every frame published to `room`, on whichever instance. */
export type RoomListener = (room: string, frame: LiveFrame) => void;

interface BusMessage {
  origin: string;
  frame: LiveFrame;
}

const KIND = /^[a-z][a-zA-Z0-9_-]{0,31}$/;

/**
 * The rooms of live push: which kinds exist and who may join them, and publishing to a room on every server
 * instance (the frame goes to this instance's listeners at once and to the others through the cache's
 * pub/sub, as the hub shares its changes). The tenant and user rooms are the platform's (each socket is in
 * its own from the start and can join no other); `device:<sn>` rooms are joinable by the device's tenant; an
 * area adds a kind with `define` (`task` once a task area exists).
 */
export class LiveRooms {
  private readonly kinds = new Map<string, MayJoin>();
  private readonly listeners = new Set<RoomListener>();
  private started = false;
  /** bus messages that could not be read */
  malformed = 0;

  constructor(
    private readonly cache: Cache,
    private readonly instanceId: string,
    private readonly log: () => LinkLogger = () => silentLogger,
  ) {
    this.kinds.set('tenant', (member, id) => id === member.tenantId || LIVE_ROOM_REFUSALS.otherTenant);
    this.kinds.set('user', (member, id) => id === member.userId || LIVE_ROOM_REFUSALS.otherUser);
  }

  /** Declare a kind of room (once per kind; the kind is `[a-z][a-zA-Z0-9_-]*`, at most 32 characters). */
  define(kind: string, mayJoin: MayJoin): void {
    if (!KIND.test(kind)) throw new Error(`bad room kind ${JSON.stringify(kind)}`);
    if (this.kinds.has(kind)) throw new Error(`room kind ${kind} is defined twice`);
    this.kinds.set(kind, mayJoin);
  }

  /** The rooms a socket is in from the start. */
  homeRooms(member: LiveMember): string[] {
    return [liveRoom.tenant(member.tenantId), liveRoom.user(member.userId)];
  }

  /** null when `member` may join `room`, else why not (a LIVE_ROOM_REFUSALS value or the area's reason). */
  async refusal(member: LiveMember, room: string): Promise<string | null> {
    const parsed = parseLiveRoom(room);
    if (!parsed) return LIVE_ROOM_REFUSALS.badRoom;
    const mayJoin = this.kinds.get(parsed.kind);
    if (!mayJoin) return LIVE_ROOM_REFUSALS.unknownKind;
    const answer = await mayJoin(member, parsed.id);
    if (answer === true) return null;
    return answer === false ? LIVE_ROOM_REFUSALS.forbidden : answer;
  }

  /** Listen to the other instances. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.cache.subscribe(LIVE_ROOM_CHANNEL, (message) => this.fromBus(message));
  }

  /** Frames published to any room, here or on another instance. Answers the unsubscribe. */
  subscribe(listener: RoomListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Send `event` to every socket in `room`, on every instance. */
  async publish<K extends LiveEventName>(room: string, event: K, data: LiveEvents[K]): Promise<void> {
    if (!parseLiveRoom(room)) throw new Error(`bad room ${JSON.stringify(room)}`);
    const frame = { event, data, room } as LiveFrame;
    this.emit(frame);
    const message: BusMessage = { origin: this.instanceId, frame };
    await this.cache.publish(LIVE_ROOM_CHANNEL, JSON.stringify(message));
  }

  /** Forget the listeners (the app is closing). */
  clear(): void {
    this.listeners.clear();
  }

  private fromBus(text: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch {
      this.malformed += 1;
      return;
    }
    if (message.origin === this.instanceId) return; // delivered when published
    const room = message.frame?.room;
    if (typeof room !== 'string' || !parseLiveRoom(room) || typeof message.frame.event !== 'string') {
      this.malformed += 1;
      return;
    }
    this.emit(message.frame);
  }

  private emit(frame: LiveFrame): void {
    for (const listener of this.listeners) {
      try {
        listener(frame.room!, frame);
      } catch (error) {
        this.log().warn({ err: error, room: frame.room }, 'live room listener failed');
      }
    }
  }
}
