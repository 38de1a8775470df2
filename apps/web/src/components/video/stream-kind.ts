/**
 * Which player a stream address needs. Browsers play HLS (`.m3u8`, with hls.js or natively) and HTTP-FLV
 * (`.flv` over http(s), or FLV over WebSocket) through Media Source Extensions; RTMP, RTSP, SRT and WebRTC
 * signalling addresses need a media server to repackage them first, so the console names them instead of
 * showing a black box.
 */
export type StreamKind =
  /** no address configured */
  | { kind: 'none' }
  | { kind: 'hls'; url: string }
  | { kind: 'flv'; url: string }
  /** a real address a browser cannot open; `scheme` without the colon (rtmp, rtsp, webrtc...) */
  | { kind: 'unsupported'; url: string; scheme: string }
  /** http(s) whose path names neither HLS nor FLV */
  | { kind: 'unknown'; url: string }
  /** not a URL at all */
  | { kind: 'invalid'; url: string };

export function streamKind(address: string | null | undefined): StreamKind {
  const url = (address ?? '').trim();
  if (!url) return { kind: 'none' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'invalid', url };
  }
  const scheme = parsed.protocol.replace(/:$/, '').toLowerCase();
  const path = parsed.pathname.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    if (path.endsWith('.m3u8')) return { kind: 'hls', url };
    if (path.endsWith('.flv')) return { kind: 'flv', url };
    return { kind: 'unknown', url };
  }
  // FLV over WebSocket is how media servers push low-latency FLV (mpegts.js reads it).
  if (scheme === 'ws' || scheme === 'wss') return { kind: 'flv', url };
  return { kind: 'unsupported', url, scheme };
}

/** Whether the address can be shown in the page at all. */
export function isPlayable(kind: StreamKind): kind is { kind: 'hls' | 'flv'; url: string } {
  return kind.kind === 'hls' || kind.kind === 'flv';
}
