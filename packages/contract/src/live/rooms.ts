/**
 * Rooms of live push: a socket gets the events published to the rooms it is in. Every socket is in its
 * tenant's room and its user's room from the start; it asks to join a device room or an area's room (a task
 * room...) and may leave it. A room is `<kind>:<id>`. zod-free, for the console too (`@aos/contract/rules`).
 */
export type LiveRoom = `${string}:${string}`;

/** The rooms the platform knows; an area adds a kind with `platform.live.defineRoom(kind, mayJoin)`. */
export const liveRoom = {
  tenant: (tenantId: string): LiveRoom => `tenant:${tenantId}`,
  user: (userId: string): LiveRoom => `user:${userId}`,
  device: (sn: string): LiveRoom => `device:${sn}`,
  task: (taskId: string): LiveRoom => `task:${taskId}`,
};

const ROOM = /^([a-z][a-zA-Z0-9_-]{0,31}):([A-Za-z0-9._-]{1,128})$/;

/** The room's kind and id, or null when it is not a room name. */
export function parseLiveRoom(room: string): { kind: string; id: string } | null {
  const match = ROOM.exec(room);
  return match ? { kind: match[1]!, id: match[2]! } : null;
}

/** The reasons of an `error` frame answering a join (the wire words; the console shows them as they are). */
export const LIVE_ROOM_REFUSALS = {
  /** not `<kind>:<id>` */
  badRoom: 'bad room name',
  /** no area declared this kind of room (yet) */
  unknownKind: 'unknown room kind',
  /** the room is another tenant's (or names nothing of the caller's tenant: the same answer, so it tells nothing) */
  otherTenant: 'room of another tenant',
  /** the room is another user's */
  otherUser: 'room of another user',
  /** the area's rule refused it */
  forbidden: 'forbidden',
  /** too many rooms on one socket */
  tooMany: 'too many rooms',
} as const;

/** How many rooms one socket may join on top of its tenant's and user's. */
export const LIVE_MAX_ROOMS = 200;
