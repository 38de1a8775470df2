import { DisconnectOutlined, LoadingOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { type ReactNode, useEffect, useEffectEvent, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { attachEngine, type Engine, EngineUnavailable } from './engines';
import {
  AUTO_RETRY_MS,
  initialPlayerState,
  playerReducer,
  STALL_TIMEOUT_MS,
  watchdogFor,
} from './player-state';
import { isPlayable } from './stream-kind';
import './video.css';
import './locale';

export interface VideoPlayerProps {
  /** the stream address; empty or null shows "no signal" with `emptyText` */
  url: string | null | undefined;
  /** shown in the top-left corner (camera name) */
  title?: ReactNode;
  /** why there is no address, when that is known better than "no stream address is configured" */
  emptyText?: ReactNode;
  className?: string;
}

const FROZEN_CHECK_MS = 2000;

/**
 * One live stream in a 16:9 box: HLS (hls.js, or the browser's own player) and HTTP-FLV / WS-FLV (mpegts.js),
 * both loaded only when needed. Anything but a moving picture has words on it: connecting, buffering, no
 * address, an address a browser cannot open (with the address), or no signal with its reason and a retry
 * (it also retries by itself).
 */
export function VideoPlayer({ url, title, emptyText, className }: VideoPlayerProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(playerReducer, url, initialPlayerState);
  const videoRef = useRef<HTMLVideoElement>(null);
  const { phase, source, attempt, reason } = state;
  const active = phase === 'loading' || phase === 'playing' || phase === 'buffering';
  const playableUrl = isPlayable(source) ? source.url : null;

  useEffect(() => dispatch({ type: 'source', url }), [url]);
  // `source` changes identity on every 'source' event; the address and the attempt decide when to attach.
  const currentSource = useEffectEvent(() => source);

  // The engine lives from `loading` until no signal or a new address; a retry starts a fresh one.
  useEffect(() => {
    const video = videoRef.current;
    const playing = currentSource();
    if (!active || !video || !isPlayable(playing)) return;
    let engine: Engine | null = null;
    let cancelled = false;
    let lastTime = -1;
    let lastMove = Date.now();
    const onPlaying = () => dispatch({ type: 'playing' });
    const onWaiting = () => dispatch({ type: 'waiting' });
    const onError = () => {
      const code = video.error?.code;
      dispatch({ type: 'error', reason: code === 2 || code === 4 ? 'unreachable' : 'media' });
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('waiting', onWaiting);
    video.addEventListener('error', onError);
    // Some streams freeze without a 'waiting' event: a clock that stops moving counts as buffering.
    const frozen = setInterval(() => {
      if (video.currentTime !== lastTime) {
        lastTime = video.currentTime;
        lastMove = Date.now();
      } else if (Date.now() - lastMove > STALL_TIMEOUT_MS) onWaiting();
    }, FROZEN_CHECK_MS);
    attachEngine(video, playing, (why) => dispatch({ type: 'error', reason: why })).then(
      (attached) => {
        if (cancelled) attached.destroy();
        else engine = attached;
      },
      (error: unknown) => {
        if (!cancelled)
          dispatch({ type: 'error', reason: error instanceof EngineUnavailable ? 'browser' : 'media' });
      },
    );
    return () => {
      cancelled = true;
      clearInterval(frozen);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('error', onError);
      engine?.destroy();
      video.removeAttribute('src');
      video.load();
    };
  }, [active, playableUrl, attempt]);

  useEffect(() => {
    const ms = watchdogFor(phase);
    if (ms === null) return;
    const timer = setTimeout(() => dispatch({ type: phase === 'no_signal' ? 'retry' : 'timeout' }), ms);
    return () => clearTimeout(timer);
  }, [phase, attempt]);

  const address = source.kind === 'none' ? null : source.url;
  const addressLine = address && (
    <Typography.Text className="video-player__address" copyable={{ text: address }}>
      {t('video.address')}: {address}
    </Typography.Text>
  );

  let overlay: ReactNode = null;
  if (phase === 'loading')
    overlay = (
      <>
        <LoadingOutlined className="video-player__icon" />
        <div>{t('video.connecting')}</div>
        {attempt > 0 && <div className="video-player__hint">{t('video.attempt', { attempt })}</div>}
      </>
    );
  else if (phase === 'buffering')
    overlay = (
      <>
        <LoadingOutlined className="video-player__icon" />
        <div>{t('video.buffering')}</div>
      </>
    );
  else if (phase === 'none')
    overlay = (
      <>
        <DisconnectOutlined className="video-player__icon" />
        <div className="video-player__headline">{t('video.noSignal')}</div>
        <div className="video-player__hint">{emptyText ?? t('video.noAddress')}</div>
      </>
    );
  else if (phase === 'unsupported')
    overlay = (
      <>
        <StopOutlined className="video-player__icon" />
        <div className="video-player__headline">{t('video.unsupported')}</div>
        <div className="video-player__hint">
          {source.kind === 'unsupported'
            ? t('video.unsupportedScheme', { scheme: source.scheme.toUpperCase() })
            : t(source.kind === 'unknown' ? 'video.unknownFormat' : 'video.invalid')}
        </div>
        {addressLine}
      </>
    );
  else if (phase === 'no_signal')
    overlay = (
      <>
        <DisconnectOutlined className="video-player__icon" />
        <div className="video-player__headline">{t('video.noSignal')}</div>
        <div className="video-player__hint">{t(`video.reasons.${reason ?? 'unreachable'}`)}</div>
        {addressLine}
        <Button
          size="small"
          icon={<ReloadOutlined />}
          onClick={() => dispatch({ type: 'retry' })}
          data-testid="video-retry"
        >
          {t('video.retry')}
        </Button>
        <div className="video-player__hint">
          {t('video.autoRetry', { seconds: Math.round(AUTO_RETRY_MS / 1000) })}
        </div>
      </>
    );

  return (
    <div
      className={`video-player${className ? ` ${className}` : ''}`}
      data-testid="video-player"
      data-phase={phase}
    >
      <video ref={videoRef} className="video-player__video" muted playsInline autoPlay />
      {title && <div className="video-player__title">{title}</div>}
      {phase === 'playing' && <div className="video-player__live">{t('video.live')}</div>}
      {overlay && (
        <div className="video-player__overlay" data-testid="video-overlay">
          {overlay}
        </div>
      )}
    </div>
  );
}
