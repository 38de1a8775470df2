import type { TrackPoint } from '@aos/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ReplaySpeed, advance } from './replay';

/** How often the cursor reaches React while playing (the map and the values): smooth enough, never per frame. */
const RENDER_MS = 50;

export interface Replay {
  start: number;
  end: number;
  cursor: number;
  playing: boolean;
  speed: ReplaySpeed;
  play(): void;
  pause(): void;
  seek(time: number): void;
  setSpeed(speed: ReplaySpeed): void;
}

/** A player over a flight's points: play/pause, speed, seek; stops at the end, starts over from there. */
export function useReplay(points: readonly TrackPoint[]): Replay {
  const start = points[0]?.timestamp ?? 0;
  const end = points[points.length - 1]?.timestamp ?? 0;
  const [cursor, setCursor] = useState(start);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(10);
  const position = useRef(start);

  useEffect(() => {
    position.current = start;
    setCursor(start);
    setPlaying(false);
  }, [points, start]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    let shown = last;
    const tick = (now: number) => {
      position.current = advance(position.current, now - last, speed, end);
      last = now;
      const finished = position.current >= end;
      if (finished || now - shown >= RENDER_MS) {
        shown = now;
        setCursor(position.current);
      }
      if (finished) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, end]);

  const play = useCallback(() => {
    if (position.current >= end) {
      position.current = start;
      setCursor(start);
    }
    setPlaying(true);
  }, [start, end]);
  const pause = useCallback(() => setPlaying(false), []);
  const seek = useCallback(
    (time: number) => {
      position.current = Math.min(end, Math.max(start, time));
      setCursor(position.current);
    },
    [start, end],
  );

  return { start, end, cursor, playing, speed, play, pause, seek, setSpeed };
}
