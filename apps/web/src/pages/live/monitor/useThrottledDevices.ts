import { useEffect, useState } from 'react';
import type { LiveDevices } from '../../../live/model';
import { useLiveStore } from '../../../live/store';

/**
 * The live devices for React, at most once per `intervalMs`: lists and panels follow the store without
 * re-rendering on each of the hundreds of frames a second a large fleet sends (the map reads the store itself).
 */
export function useThrottledDevices(intervalMs = 500): LiveDevices {
  const [devices, setDevices] = useState(() => useLiveStore.getState().devices);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = useLiveStore.subscribe((state, previous) => {
      if (state.devices === previous.devices || timer) return;
      timer = setTimeout(() => {
        timer = null;
        setDevices(useLiveStore.getState().devices);
      }, intervalMs);
    });
    setDevices(useLiveStore.getState().devices);
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [intervalMs]);
  return devices;
}
