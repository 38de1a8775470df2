/**
 * What a video player shows, as a small state machine kept apart from the media libraries so it is tested
 * on its own. A stream goes `loading` → `playing`, may drop to `buffering` and back; it ends in `no_signal`
 * when the address cannot be reached, the media fails or the picture stalls for too long, and `retry` starts
 * it again. An empty address is `none`; one a browser cannot open is `unsupported`. It is never "a black box":
 * every state but `playing` has words on screen.
 */
import { isPlayable, type StreamKind, streamKind } from './stream-kind';

export type PlayerPhase = 'none' | 'unsupported' | 'loading' | 'playing' | 'buffering' | 'no_signal';

/** Why there is no picture. */
export type NoSignalReason =
  /** the address did not answer (network error, 404, nothing within LOAD_TIMEOUT_MS) */
  | 'unreachable'
  /** it played, then no new frame for STALL_TIMEOUT_MS */
  | 'stalled'
  /** the data arrived but could not be decoded */
  | 'media'
  /** this browser has no Media Source Extensions */
  | 'browser';

export interface PlayerState {
  phase: PlayerPhase;
  source: StreamKind;
  reason: NoSignalReason | null;
  /** 0 for the first try; each retry counts up (the engine restarts when it changes) */
  attempt: number;
}

export type PlayerEvent =
  | { type: 'source'; url: string | null | undefined }
  | { type: 'playing' }
  | { type: 'waiting' }
  /** the watchdog fired: no first frame (loading) or no new frame (buffering) in time */
  | { type: 'timeout' }
  | { type: 'error'; reason: NoSignalReason }
  | { type: 'retry' };

/** A first frame must arrive within this long. */
export const LOAD_TIMEOUT_MS = 15_000;
/** A playing stream that shows no new frame this long has stalled. */
export const STALL_TIMEOUT_MS = 10_000;
/** After `no_signal`, the player tries again by itself this often (live streams come back). */
export const AUTO_RETRY_MS = 20_000;

export function initialPlayerState(url: string | null | undefined): PlayerState {
  return playerReducer(
    { phase: 'none', source: { kind: 'none' }, reason: null, attempt: 0 },
    {
      type: 'source',
      url,
    },
  );
}

export function playerReducer(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case 'source': {
      const source = streamKind(event.url);
      if (source.kind === 'none') return { phase: 'none', source, reason: null, attempt: 0 };
      if (!isPlayable(source)) return { phase: 'unsupported', source, reason: null, attempt: 0 };
      return { phase: 'loading', source, reason: null, attempt: 0 };
    }
    case 'playing':
      return state.phase === 'loading' || state.phase === 'buffering'
        ? { ...state, phase: 'playing', reason: null }
        : state;
    case 'waiting':
      return state.phase === 'playing' ? { ...state, phase: 'buffering' } : state;
    case 'timeout':
      if (state.phase === 'loading') return { ...state, phase: 'no_signal', reason: 'unreachable' };
      if (state.phase === 'buffering') return { ...state, phase: 'no_signal', reason: 'stalled' };
      return state;
    case 'error':
      return state.phase === 'loading' || state.phase === 'playing' || state.phase === 'buffering'
        ? { ...state, phase: 'no_signal', reason: event.reason }
        : state;
    case 'retry':
      return state.phase === 'no_signal'
        ? { ...state, phase: 'loading', reason: null, attempt: state.attempt + 1 }
        : state;
  }
}

/** The watchdog to arm in a phase (ms), or null when none runs. */
export function watchdogFor(phase: PlayerPhase): number | null {
  if (phase === 'loading') return LOAD_TIMEOUT_MS;
  if (phase === 'buffering') return STALL_TIMEOUT_MS;
  if (phase === 'no_signal') return AUTO_RETRY_MS;
  return null;
}
