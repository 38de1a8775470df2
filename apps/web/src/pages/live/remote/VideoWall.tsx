import { DOCK_STREAM_FIELDS, type DockStreamField } from '@aos/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { Badge, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoPlayer } from '../../../components/video/VideoPlayer';
import { useGranted } from '../../../navigation/route-titles';
import { dockStreams } from './api';

/** The dock's cameras in the order an operator looks at them: outside first. */
const ORDER: DockStreamField[] = [
  'streamOutside',
  'streamInside',
  'streamLeftWing',
  'streamRightWing',
  'streamTail',
];

/**
 * The dock's five cameras (getPlayStream) as tabs, one playing at a time, and the drone's camera below.
 * The drone has no stream address in the registry yet, so its player says so instead of showing black.
 */
export function VideoWall({ dockSn, dronePoweredOn }: { dockSn: string; dronePoweredOn: boolean }) {
  const { t } = useTranslation();
  // getPlayStream is granted with the dock register or this screen: without either the player explains.
  const canRead = useGranted('hangar', 'remote_control');
  const streams = useQuery({
    queryKey: ['remote-streams', dockSn],
    queryFn: () => dockStreams(dockSn),
    enabled: canRead,
    staleTime: 60_000,
  });
  const [tab, setTab] = useState<DockStreamField>('streamOutside');
  const data = streams.data;
  const url = data?.[tab] ?? null;
  const empty = !canRead
    ? t('remote.streamsNoPermission')
    : streams.isError
      ? t('remote.streamsUnavailable')
      : undefined;
  return (
    <div className="remote-video" data-testid="video-wall">
      <Segmented
        block
        value={tab}
        onChange={(value) => setTab(value)}
        options={ORDER.filter((field) => DOCK_STREAM_FIELDS.includes(field)).map((field) => ({
          value: field,
          label: (
            <span data-testid={`video-tab-${field}`}>
              <Badge status={data?.[field] ? 'success' : 'default'} /> {t(`remote.videoTabs.${field}`)}
            </span>
          ),
        }))}
      />
      <VideoPlayer url={url} title={t(`remote.videoTabs.${tab}`)} emptyText={empty} />
      <VideoPlayer
        className="remote-video__drone"
        url={null}
        title={t('remote.droneCamera')}
        emptyText={dronePoweredOn ? t('remote.droneNoStream') : t('remote.droneOff')}
      />
    </div>
  );
}
