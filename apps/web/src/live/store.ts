import type { LiveDevice, LiveEventMap, LiveFrame } from '@aos/contract';
import { useEffect } from 'react';
import { create } from 'zustand';
import { useSession } from '../store/session';
import { LiveClient, type LiveStatus } from './client';
import { applyFrame, type LiveDevices } from './model';

interface LiveState {
  status: LiveStatus;
  devices: LiveDevices;
  /** true once the first snapshot of the current subscription arrived */
  ready: boolean;
}

/** The live devices of the signed-in tenant, fed by one shared `/api/ws` connection. */
export const useLiveStore = create<LiveState>()(() => ({ status: 'closed', devices: {}, ready: false }));

type JobListener = (data: LiveEventMap['job']) => void;
const jobListeners = new Set<JobListener>();

function onFrame(frame: LiveFrame): void {
  if (frame.event === 'job') for (const listener of jobListeners) listener(frame.data);
  useLiveStore.setState((state) => ({
    devices: applyFrame(state.devices, frame, frame.event === 'snapshot'),
    ready: state.ready || frame.event === 'snapshot',
  }));
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
