import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  BorderInnerOutlined,
  CameraOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { PodAction, PodControlBody } from '@aos/contract';
import { cameraStatus } from '@aos/contract/rules';
import { Segmented, Slider, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { podControl } from './api';
import { useCommand, useRefusalText } from './commands';
import { type LiveControlContext, useActionRefusal } from './context';
import { ControlButton } from './ControlButton';

/** Degrees per second for one nudge of the gimbal (applied for one second by the server). */
const NUDGE = 15;
const LENSES = ['wide', 'zoom', 'ir'] as const;
type Lens = (typeof LENSES)[number];
const ZOOM_MAX = 56;

type Values = Omit<PodControlBody, 'action' | 'serialNumber' | 'id'>;

/**
 * The drone's camera (podControl): gimbal nudges and recentre, zoom, photo, recording, photo/video
 * mode and lens, each enabled by the contract's remoteActionRefusal on the live state.
 */
export function CameraControls({ context }: { context: LiveControlContext }) {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const { pending, run } = useCommand();
  const camera = cameraStatus(context.drone);
  const [zoom, setZoom] = useState(camera.zoomFactor ?? 1);
  useEffect(() => setZoom(camera.zoomFactor ?? 1), [camera.zoomFactor]);
  const droneSn = context.droneSn;
  const refusal = useActionRefusal(context);
  const send = (key: string, action: PodAction, values: Values = {}) =>
    run(key, action, t(`remote.actions.${key}`), () =>
      podControl({ serialNumber: droneSn!, action, ...values }),
    );

  const nudge = (key: string, icon: React.ReactNode, values: Values) => (
    <ControlButton
      action="gimbal"
      id={key}
      context={context}
      label={null}
      icon={icon}
      pending={pending === key}
      onClick={() => send(key, 'gimbal', values)}
    />
  );
  const reason = (action: PodAction) => refusalText(refusal(action));

  return (
    <div className="remote-controls" data-testid="camera-controls">
      <div className="remote-camera">
        <div className="remote-camera__pad" aria-label={t('remote.gimbal')}>
          <span />
          {nudge('gimbal_up', <ArrowUpOutlined />, { pitchSpeed: NUDGE })}
          <span />
          {nudge('gimbal_left', <ArrowLeftOutlined />, { yawSpeed: -NUDGE })}
          <Tooltip title={t('remote.actions.gimbal_reset')}>
            <span>
              <ControlButton
                action="gimbal_reset"
                context={context}
                label={null}
                icon={<BorderInnerOutlined />}
                pending={pending === 'gimbal_reset'}
                onClick={() => send('gimbal_reset', 'gimbal_reset', { resetMode: 0 })}
              />
            </span>
          </Tooltip>
          {nudge('gimbal_right', <ArrowRightOutlined />, { yawSpeed: NUDGE })}
          <span />
          {nudge('gimbal_down', <ArrowDownOutlined />, { pitchSpeed: -NUDGE })}
          <span />
        </div>
        <div className="remote-camera__side">
          <ControlButton
            action="photo"
            context={context}
            label={t('remote.actions.photo')}
            icon={<CameraOutlined />}
            pending={pending === 'photo'}
            block
            onClick={() => send('photo', 'photo')}
          />
          {camera.recording ? (
            <ControlButton
              action="record_stop"
              context={context}
              label={t('remote.actions.record_stop')}
              icon={<VideoCameraOutlined />}
              danger
              pending={pending === 'record_stop'}
              block
              onClick={() => send('record_stop', 'record_stop')}
            />
          ) : (
            <ControlButton
              action="record_start"
              context={context}
              label={t('remote.actions.record_start')}
              icon={<VideoCameraOutlined />}
              pending={pending === 'record_start'}
              block
              onClick={() => send('record_start', 'record_start')}
            />
          )}
          {camera.recording && <Tag color="red">● {t('remote.recording')}</Tag>}
        </div>
      </div>
      <div className="remote-controls__row">
        <Typography.Text className="remote-controls__label">{t('remote.zoomLabel')}</Typography.Text>
        <Tooltip title={reason('zoom')}>
          <Slider
            className="remote-camera__zoom"
            min={1}
            max={ZOOM_MAX}
            step={1}
            value={zoom}
            disabled={Boolean(reason('zoom'))}
            onChange={setZoom}
            onChangeComplete={(value) => send('zoom', 'zoom', { zoomFactor: value })}
            tooltip={{ formatter: (value) => `${value}×` }}
            data-testid="control-zoom"
          />
        </Tooltip>
      </div>
      <div className="remote-controls__row">
        <Typography.Text className="remote-controls__label">
          {t('remote.actions.camera_mode')}
        </Typography.Text>
        <Tooltip title={reason('camera_mode')}>
          <Segmented
            size="small"
            value={camera.cameraMode ?? undefined}
            disabled={Boolean(reason('camera_mode'))}
            options={[
              { value: 0, label: t('remote.mode.photo') },
              { value: 1, label: t('remote.mode.video') },
            ]}
            onChange={(value) => send('camera_mode', 'camera_mode', { cameraMode: value })}
            data-testid="control-camera_mode"
          />
        </Tooltip>
      </div>
      <div className="remote-controls__row">
        <Typography.Text className="remote-controls__label">{t('remote.actions.lens')}</Typography.Text>
        <Tooltip title={reason('lens')}>
          <Segmented
            size="small"
            value={camera.lens ?? undefined}
            disabled={Boolean(reason('lens'))}
            options={LENSES.map((lens) => ({
              value: lens,
              label: t(`remote.lensName.${lens}`),
            }))}
            onChange={(value) => send('lens', 'lens', { lens: value as Lens })}
            data-testid="control-lens"
          />
        </Tooltip>
      </div>
    </div>
  );
}
