import { describe, expect, it } from 'vitest';
import {
  AUTO_RETRY_MS,
  initialPlayerState,
  LOAD_TIMEOUT_MS,
  type PlayerEvent,
  playerReducer,
  type PlayerState,
  STALL_TIMEOUT_MS,
  watchdogFor,
} from './player-state';

const run = (state: PlayerState, ...events: PlayerEvent[]) => events.reduce(playerReducer, state);
const HLS = 'http://media.local/live/dock.m3u8';

describe('video player states', () => {
  it('starts with no signal words for an empty address and an explanation for rtmp', () => {
    expect(initialPlayerState('').phase).toBe('none');
    expect(initialPlayerState('rtmp://media.local/live').phase).toBe('unsupported');
    expect(initialPlayerState('https://media.local/page').phase).toBe('unsupported');
  });

  it('loads a playable address and plays on the first frame', () => {
    const state = run(initialPlayerState(HLS), { type: 'playing' });
    expect(state.phase).toBe('playing');
    expect(state.reason).toBeNull();
  });

  it('gives up with "unreachable" when nothing arrives in time', () => {
    const state = run(initialPlayerState(HLS), { type: 'timeout' });
    expect(state).toMatchObject({ phase: 'no_signal', reason: 'unreachable' });
  });

  it('buffers, recovers, and calls it stalled when buffering lasts too long', () => {
    const playing = run(initialPlayerState(HLS), { type: 'playing' });
    expect(run(playing, { type: 'waiting' }).phase).toBe('buffering');
    expect(run(playing, { type: 'waiting' }, { type: 'playing' }).phase).toBe('playing');
    expect(run(playing, { type: 'waiting' }, { type: 'timeout' })).toMatchObject({
      phase: 'no_signal',
      reason: 'stalled',
    });
  });

  it('an engine error is no signal with its reason; a timeout while playing changes nothing', () => {
    const playing = run(initialPlayerState(HLS), { type: 'playing' });
    expect(run(playing, { type: 'timeout' }).phase).toBe('playing');
    expect(run(playing, { type: 'error', reason: 'media' })).toMatchObject({
      phase: 'no_signal',
      reason: 'media',
    });
  });

  it('retry loads again with a new attempt number, only from no signal', () => {
    const lost = run(initialPlayerState(HLS), { type: 'error', reason: 'unreachable' });
    const again = run(lost, { type: 'retry' });
    expect(again).toMatchObject({ phase: 'loading', attempt: 1, reason: null });
    expect(run(again, { type: 'retry' }).attempt).toBe(1);
    expect(run(initialPlayerState(''), { type: 'retry' }).phase).toBe('none');
  });

  it('late engine events do not revive an address that cannot play', () => {
    const none = initialPlayerState(null);
    expect(run(none, { type: 'playing' }).phase).toBe('none');
    expect(run(none, { type: 'error', reason: 'media' }).phase).toBe('none');
  });

  it('a new address starts over', () => {
    const lost = run(initialPlayerState(HLS), { type: 'error', reason: 'media' }, { type: 'retry' });
    expect(run(lost, { type: 'source', url: 'ws://media.local/x' })).toMatchObject({
      phase: 'loading',
      attempt: 0,
      source: { kind: 'flv' },
    });
  });

  it('arms a watchdog while loading, buffering and waiting to retry', () => {
    expect(watchdogFor('loading')).toBe(LOAD_TIMEOUT_MS);
    expect(watchdogFor('buffering')).toBe(STALL_TIMEOUT_MS);
    expect(watchdogFor('no_signal')).toBe(AUTO_RETRY_MS);
    expect(watchdogFor('playing')).toBeNull();
    expect(watchdogFor('none')).toBeNull();
  });
});
