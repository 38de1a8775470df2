import type { LiveDevice, LiveEventName, LiveFrame } from '@aos/contract';
import { useEffect, useEffectEvent } from 'react';
import { create } from 'zustand';
import { useSession } from '../store/session';
import { LiveClient, type LiveHandler, type LiveStatus } from './client';
import { applyFrames, type LiveDevices } from './model';

interface LiveState {
  status: LiveStatus;
  devices: LiveDevices;
  /** true once the first snapshot of the current subscription arrived */
  ready: boolean;
}

/** The live devices of the signed-in tenant, fed by one shared `/api/ws` connection. */
export const useLiveStore = create<LiveState>()(() => ({ status: 'closed', devices: {}, ready: false }));

/**
 * Frames are applied to the store in batches, at most every FLUSH_MS: a large fleet sends hundreds of frames
 * a second, and a store update per frame would re-run every subscriber (the map layer, the lists) as often.
 * Positions change once a second per device, so 10 updates a second lose nothing an operator can see. A
 * snapshot is applied at once (the first picture should not wait); handlers of an event (`liveClient.on`,
 * `useLiveEvent`) hear each frame at once (toasts).
 */
const FLUSH_MS = 100;
let queued: LiveFrame[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;

/** The device frames the store applies; any other (room events, join answers) is for the handlers only. */
const DEVICE_FRAMES: ReadonlySet<LiveEventName> = new Set([
  'snapshot',
  'online',
  'offline',
  'osd',
  'state',
  'job',
]);

function onFrame(frame: LiveFrame): void {
  if (!DEVICE_FRAMES.has(frame.event)) return;
  queued.push(frame);
  if (frame.event === 'snapshot') flush();
  else flushTimer ??= setTimeout(flush, FLUSH_MS);
}

function flush(): void {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const frames = queued;
  queued = [];
  if (frames.length === 0) return;
  useLiveStore.setState((state) => ({
    devices: applyFrames(state.devices, frames, true),
    ready: state.ready || frames.some((frame) => frame.event === 'snapshot'),
  }));
}

/** Drop what has not been applied (the connection is closing). */
function dropQueued(): void {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  queued = [];
}

/**
 * The one connection of the console. It is open while a screen holds it (`useLive`, `useLiveConnection`,
 * `useLiveEvent`, `liveClient.subscribe`); its rooms and handlers outlive a reconnect.
 */
const connection = new LiveClient({
  token: () => useSession.getState().token,
  onFrame,
  onStatus: (status) => useLiveStore.setState(status === 'open' ? { status } : { status, ready: false }),
});
let open = false;
let users = 0;
/** What the mounted screens follow: 'all', the serial numbers each wants, or 'none' (events only). */
const wants = new Map<number, string[] | 'all' | 'none'>();
let nextWant = 0;

function refollow(): void {
  if (!open) return;
  const all = [...wants.values()].filter((want) => want !== 'none');
  if (all.length === 0) connection.follow(null);
  else if (all.includes('all')) connection.follow();
  else connection.follow([...new Set(all.flat() as string[])]);
}

/**
 * The last screen's release waits this long before closing the socket: a screen that changes what it follows
 * (its effect releases then acquires again in one commit) or a move to another live screen keeps the
 * connection and the devices known, instead of dropping them and reconnecting.
 */
const RELEASE_GRACE_MS = 2000;
let releaseTimer: ReturnType<typeof setTimeout> | null = null;

function acquire(want: string[] | 'all' | 'none'): () => void {
  if (releaseTimer) {
    clearTimeout(releaseTimer);
    releaseTimer = null;
  }
  const id = nextWant++;
  wants.set(id, want);
  users += 1;
  if (!open) {
    open = true;
    connection.start();
    unsubscribeToken = useSession.subscribe((state, previous) => {
      if (state.token !== previous.token) {
        if (!state.token) releaseAll();
        else connection.tokenChanged();
      }
    });
  }
  refollow();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    wants.delete(id);
    users -= 1;
    if (users > 0) refollow();
    else
      releaseTimer = setTimeout(() => {
        releaseTimer = null;
        if (users === 0) releaseAll();
      }, RELEASE_GRACE_MS);
  };
}

let unsubscribeToken: (() => void) | null = null;

function releaseAll(): void {
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = null;
  if (open) connection.stop();
  open = false;
  connection.follow(null);
  users = 0;
  wants.clear();
  unsubscribeToken?.();
  unsubscribeToken = null;
  dropQueued();
  useLiveStore.setState({ devices: {}, ready: false, status: 'closed' });
}

/**
 * Keep the live connection open while the calling screen is mounted, following `sns` (or every device of
 * the tenant), and answer the devices known so far.
 */
export function useLive(sns?: string[]): LiveState {
  useLiveConnection(sns);
  return useLiveStore();
}

/**
 * Keep the live connection open while mounted, without re-rendering the caller on every frame: for screens
 * that read the store outside React (a map layer) or through their own throttled selector.
 */
export function useLiveConnection(sns?: string[]): void {
  const key = sns ? [...sns].sort().join(',') : '*';
  useEffect(() => acquire(key === '*' ? 'all' : key.split(',').filter(Boolean)), [key]);
}

/** One device's live state (undefined until known). */
export function useLiveDevice(sn: string | null | undefined): LiveDevice | undefined {
  return useLiveStore((state) => (sn ? state.devices[sn] : undefined));
}

/**
 * The console's live client: rooms and the events of every area (the contract's LiveEvents). Every socket is
 * in its tenant's and its user's room already; `subscribe` joins another (`liveRoom.device(sn)`,
 * `liveRoom.task(id)`) and keeps the connection open until the answered function is called.
 */
export const liveClient = {
  subscribe(room: string): () => void {
    const release = acquire('none');
    const leave = connection.subscribe(room);
    return () => {
      leave();
      release();
    };
  },
  /** `handler` hears every `event` frame until the answered function is called (it opens nothing). */
  on<K extends LiveEventName>(event: K, handler: LiveHandler<K>): () => void {
    return connection.on(event, handler);
  },
};

/**
 * Hear every `event` frame while mounted (the connection is kept open meanwhile, following no device of its
 * own): a device frame of what the screens follow, or an area's event published to a room the socket is in
 * (its user's: `remoteControl.commandEnded`). The handler may change between renders.
 */
export function useLiveEvent<K extends LiveEventName>(event: K, handler: LiveHandler<K>): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    const release = acquire('none');
    const off = connection.on(event, (data, frame) => onEvent(data, frame));
    return () => {
      off();
      release();
    };
  }, [event]);
}
