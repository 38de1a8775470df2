import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLiveConnection, useLiveEvent, useLiveStore } from '../../live/store';
import { flightJobOf, type LiveFlight, withLiveProgress } from './views';

/** The list is read again this often while the live feed is down: nothing is pushed then. */
export const FALLBACK_POLL_MS = 30_000;
/**
 * ...and this often while it is up, only for what the feed does not carry: a flight a dock has received and
 * not started yet, or one of a dock not followed (everything that moves on a flight followed comes pushed).
 */
export const DISCOVERY_POLL_MS = 60_000;
/**
 * The server records a flight's move from the same device event the feed brings: a list read at that very
 * moment may still show the old status, so a move is read again once this much later.
 */
const SETTLE_MS = 1500;
const NO_DOCKS: readonly string[] = [];

/**
 * Flights received or in progress (the running view, a project's flight card) that follow the live feed as
 * the task detail does: the docks of the flights listed and `docks`, those a flight may start on (every
 * device of the tenant for 'all', so a flight starting anywhere shows at its first progress frame), are
 * followed over the console's socket; each flight shows its dock's running flight job (percent, in progress,
 * paused) as it arrives, and every flight job frame of those docks reads the list again (waypoint, media,
 * the status the server recorded; a flight that ended leaves). Polling is only the slow net: FALLBACK_POLL_MS
 * while the feed is down, DISCOVERY_POLL_MS while it is up. The socket is held while the caller is mounted:
 * mount it only while the flights are shown.
 */
export function useLiveFlights<T extends LiveFlight>(options: {
  queryKey: QueryKey;
  queryFn: () => Promise<T[]>;
  /** docks a flight may start on, followed too; 'all': every device of the tenant (a fleet-wide view) */
  docks?: readonly string[] | 'all';
}) {
  const { queryKey, queryFn, docks = NO_DOCKS } = options;
  const queryClient = useQueryClient();
  const feed = useLiveStore((state) => state.status);
  const listed = useQuery({
    queryKey,
    queryFn,
    refetchInterval: feed === 'open' ? DISCOVERY_POLL_MS : FALLBACK_POLL_MS,
  });
  const rows = listed.data;
  const sns = useMemo(
    () =>
      [
        ...new Set([
          ...(docks === 'all' ? [] : docks),
          ...(rows ?? []).map((flight) => flight.hangarSn).filter((sn): sn is string => Boolean(sn)),
        ]),
      ].sort(),
    [docks, rows],
  );
  useLiveConnection(docks === 'all' ? undefined : sns);
  // the running flight job of each dock followed; re-rendered only when one of them changes
  const jobs = useLiveStore(useShallow((state) => sns.map((sn) => flightJobOf(state.devices[sn]))));

  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const shown = useRef(new Map<string, string>());
  useLiveEvent('job', (data) => {
    if (data.job.method !== 'flighttask_progress' || (docks !== 'all' && !sns.includes(data.sn))) return;
    // one read at a time: a frame while a read is under way joins it
    const read = () =>
      void queryClient.refetchQueries({ queryKey, type: 'active' }, { cancelRefetch: false });
    read();
    if (shown.current.get(data.sn) !== data.job.status) {
      shown.current.set(data.sn, data.job.status);
      clearTimeout(settle.current);
      settle.current = setTimeout(read, SETTLE_MS);
    }
  });

  const flights = useMemo(
    () => (rows ?? []).map((flight) => withLiveProgress(flight, jobs[sns.indexOf(flight.hangarSn ?? '')])),
    [rows, jobs, sns],
  );
  return { flights, isLoading: listed.isLoading, live: feed === 'open' };
}
