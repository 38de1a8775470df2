import type { LiveDevice, LiveEvents, LiveFrame } from '@aos/contract';
import { useEffect } from 'react';
import { create } from 'zustand';
import { useSession } from '../store/session';
import { LiveClient, type LiveStatus } from './client';
import { applyFrames, type LiveDevices } from './model';

interface LiveState {
  status: LiveStatus;
  devices: LiveDevices;
  /** true once the first snapshot of the current subscription arrived */
  ready: boolean;
}

/** The live devices of the signed-in tenant, fed by one shared `/api/ws` connection. */
export const useLiveStore = create<LiveState>()(() => ({ status: 'closed', devices: {}, ready: false }));

type JobListener = (data: LiveEvents['job']) => void;
const jobListeners = new Set<JobListener>();

/**
 * Frames are applied to the store in batches, at most every FLUSH_MS: a large fleet sends hundreds of frames
 * a second, and a store update per frame would re-run every subscriber (the map layer, the lists) as often.
 * Positions change once a second per device, so 10 updates a second lose nothing an operator can see. A
 * snapshot is applied at once (the first picture should not wait), and job listeners hear each job frame
 * at once (toasts).
 */
const FLUSH_MS = 100;
let queued: LiveFrame[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function onFrame(frame: LiveFrame): void {
  if (frame.event === 'job') for (const listener of jobListeners) listener(frame.data);
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

let client: LiveClient | null = null;
let users = 0;
/** The subscriptions of the mounted screens: 'all', or the serial numbers each wants. */
const wants = new Map<number, string[] | 'all'>();
let nextWant = 0;

function resubscribe(): void {
  if (!client) return;
  const all = [...wants.values()];
  if (all.includes('all') || all.length === 0) client.subscribe();
  else client.subscribe([...new Set(all.flat() as string[])]);
}

/**
 * The last screen's release waits this long before closing the socket: a screen that changes what it follows
 * (its effect releases then acquires again in one commit) or a move to another live screen keeps the
 * connection and the devices known, instead of dropping them and reconnecting.
 */
const RELEASE_GRACE_MS = 2000;
let releaseTimer: ReturnType<typeof setTimeout> | null = null;

function acquire(want: string[] | 'all'): () => void {
  if (releaseTimer) {
    clearTimeout(releaseTimer);
    releaseTimer = null;
  }
  const id = nextWant++;
  wants.set(id, want);
  users += 1;
  if (!client) {
    client = new LiveClient({
      token: () => useSession.getState().token,
      onFrame,
      onStatus: (status) => useLiveStore.setState(status === 'open' ? { status } : { status, ready: false }),
    });
    client.start();
    unsubscribeToken = useSession.subscribe((state, previous) => {
      if (state.token !== previous.token) {
        if (!state.token) releaseAll();
        else client?.tokenChanged();
      }
    });
  }
  resubscribe();
  return () => {
    wants.delete(id);
    users -= 1;
    if (users > 0) resubscribe();
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
  client?.stop();
  client = null;
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

/** Be told of every job frame (progress and final results) while mounted. */
export function useJobFrames(listener: JobListener): void {
  useEffect(() => {
    jobListeners.add(listener);
    return () => void jobListeners.delete(listener);
  }, [listener]);
}
