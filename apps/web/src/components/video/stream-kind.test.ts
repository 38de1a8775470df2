import { describe, expect, it } from 'vitest';
import { isPlayable, streamKind } from './stream-kind';

describe('stream address → player', () => {
  it('has no player for an empty address', () => {
    expect(streamKind(null)).toEqual({ kind: 'none' });
    expect(streamKind('  ')).toEqual({ kind: 'none' });
  });

  it('plays .m3u8 over http(s) with HLS, whatever the query', () => {
    expect(streamKind('https://cdn.example.com/live/dock1/index.m3u8?token=a').kind).toBe('hls');
    expect(streamKind('http://10.0.0.5:8080/hls/OUT.M3U8').kind).toBe('hls');
  });

  it('plays .flv over http(s) and any ws(s) address with FLV', () => {
    expect(streamKind('http://media.local/live/dock1.flv').kind).toBe('flv');
    expect(streamKind('wss://media.local/live/dock1.flv').kind).toBe('flv');
    expect(streamKind('ws://media.local/live/dock1').kind).toBe('flv');
  });

  it('names the scheme of addresses a browser cannot open', () => {
    expect(streamKind('rtmp://media.local/live/dock1')).toEqual({
      kind: 'unsupported',
      url: 'rtmp://media.local/live/dock1',
      scheme: 'rtmp',
    });
    expect(streamKind('rtsp://192.168.1.9:554/cam').kind).toBe('unsupported');
    expect(streamKind('webrtc://media.local/live/dock1').kind).toBe('unsupported');
  });

  it('does not guess the format of other http addresses, nor parse garbage', () => {
    expect(streamKind('https://media.local/live/dock1').kind).toBe('unknown');
    expect(streamKind('not a url').kind).toBe('invalid');
  });

  it('only HLS and FLV are playable', () => {
    expect(isPlayable(streamKind('http://a/b.m3u8'))).toBe(true);
    expect(isPlayable(streamKind('http://a/b.flv'))).toBe(true);
    expect(isPlayable(streamKind('rtmp://a/b'))).toBe(false);
    expect(isPlayable(streamKind(''))).toBe(false);
  });
});
