import type { NoSignalReason } from './player-state';

/** A media library bound to one <video> element; `destroy` releases the connection and the element. */
export interface Engine {
  destroy(): void;
}

export class EngineUnavailable extends Error {}

type Fail = (reason: NoSignalReason) => void;

/**
 * HLS: the browser's own player when it has one (Safari, iOS), else hls.js over Media Source Extensions.
 * hls.js is imported here, so it is downloaded only when an HLS stream is shown.
 */
async function attachHls(video: HTMLVideoElement, url: string, fail: Fail): Promise<Engine> {
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = url;
    void video.play().catch(() => undefined);
    return { destroy: () => video.removeAttribute('src') };
  }
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) throw new EngineUnavailable('no media source extensions');
  const hls = new Hls({ lowLatencyMode: true, liveDurationInfinity: true, manifestLoadingMaxRetry: 1 });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    fail(data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'unreachable' : 'media');
  });
  hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
  hls.loadSource(url);
  hls.attachMedia(video);
  return { destroy: () => hls.destroy() };
}

/** HTTP-FLV and FLV over WebSocket with mpegts.js (imported only when such a stream is shown). */
async function attachFlv(video: HTMLVideoElement, url: string, fail: Fail): Promise<Engine> {
  const { default: mpegts } = await import('mpegts.js');
  if (!mpegts.isSupported()) throw new EngineUnavailable('no media source extensions');
  mpegts.LoggingControl.enableAll = false;
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: true, url },
    { enableStashBuffer: false, liveBufferLatencyChasing: true, lazyLoad: false },
  );
  player.on(mpegts.Events.ERROR, (type: string) =>
    fail(type === mpegts.ErrorTypes.NETWORK_ERROR ? 'unreachable' : 'media'),
  );
  player.attachMediaElement(video);
  player.load();
  void Promise.resolve(player.play()).catch(() => undefined);
  return {
    destroy: () => {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
  };
}

export function attachEngine(
  video: HTMLVideoElement,
  source: { kind: 'hls' | 'flv'; url: string },
  fail: Fail,
): Promise<Engine> {
  return source.kind === 'hls' ? attachHls(video, source.url, fail) : attachFlv(video, source.url, fail);
}
