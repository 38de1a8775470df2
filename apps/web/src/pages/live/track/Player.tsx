import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { Button, Segmented, Slider, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/time';
import { codeWord, measure } from '../monitor/words';
import { REPLAY_SPEEDS, type ReplaySample, type ReplaySpeed, formatClock } from './replay';
import type { Replay } from './useReplay';

function Value({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="track-player__value" data-testid={`track-value-${id}`}>
      <span className="track-player__label">{label}</span>
      <span className="track-player__number">{value}</span>
    </div>
  );
}

/** Play/pause, speed, the time slider and the drone's values at the cursor. */
export function Player({ replay, sample }: { replay: Replay; sample: ReplaySample | null }) {
  const { t } = useTranslation();
  const { start, end, cursor, playing } = replay;
  return (
    <div className="track-player" data-testid="track-player" data-playing={playing}>
      <div className="track-player__controls">
        <Tooltip title={t(playing ? 'trackReplay.pause' : 'trackReplay.play')}>
          <Button
            type="primary"
            shape="circle"
            icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
            onClick={playing ? replay.pause : replay.play}
            aria-label={t(playing ? 'trackReplay.pause' : 'trackReplay.play')}
            data-testid="track-play"
          />
        </Tooltip>
        <span className="track-player__clock" data-testid="track-clock">
          {formatClock(cursor - start)} / {formatClock(end - start)}
        </span>
        <Slider
          className="track-player__slider"
          min={start}
          max={Math.max(end, start + 1)}
          value={cursor}
          step={1000}
          onChange={(value) => replay.seek(value)}
          tooltip={{
            formatter: (value) => formatTime(value),
          }}
          data-testid="track-slider"
        />
        <Segmented<ReplaySpeed>
          size="small"
          value={replay.speed}
          onChange={replay.setSpeed}
          options={REPLAY_SPEEDS.map((speed) => ({ value: speed, label: `${speed}×` }))}
          data-testid="track-speed"
        />
      </div>
      <div className="track-player__values">
        <Value id="time" label={t('trackReplay.time')} value={sample ? formatTime(sample.timestamp) : '—'} />
        <Value
          id="elevation"
          label={t('liveMap.telemetry.elevation')}
          value={measure(t, 'metre', sample?.elevation)}
        />
        <Value
          id="speed"
          label={t('liveMap.telemetry.horizontalSpeed')}
          value={measure(t, 'speed', sample?.horizontalSpeed)}
        />
        <Value
          id="heading"
          label={t('liveMap.telemetry.heading')}
          value={measure(t, 'degree', sample?.heading, 0)}
        />
        <Value
          id="battery"
          label={t('liveMap.telemetry.battery')}
          value={measure(t, 'percent', sample?.batteryPercent, 0)}
        />
        <Value
          id="mode"
          label={t('liveMap.telemetry.mode')}
          value={codeWord(t, 'droneMode', sample?.modeCode)}
        />
      </div>
    </div>
  );
}
