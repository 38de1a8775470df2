import type { Route, RouteDetail } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Spin, Tag, Typography } from 'antd';
import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapLoading } from '../../../components/map/LazyMapView';
import { loadMapChunk } from '../../../components/map/load';
import { useMapSettings } from '../../../components/map/settings';
import { routeDetail } from './api';
import { waylineColor } from './colors';
import { useRouteText } from './text';

const RouteMap = lazy(() => loadMapChunk(() => import('./RouteMap')));

/**
 * A route's detail (row action "view"): the route on the map (each wayline in its colour, start and end),
 * its figures, its aircraft, dock and visibility, the KMZ fingerprint and where the route came from.
 */
export function RouteDetailDrawer({ route, onClose }: { route?: Route; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useRouteText();
  const settings = useMapSettings();
  const detail = useQuery({
    queryKey: ['route-detail', route?.id, route?.updateTime],
    queryFn: () => routeDetail(route!.id),
    enabled: Boolean(route),
  });
  const labels = useMemo(
    () => ({ start: t('routeManager.detail.start'), end: t('routeManager.detail.end') }),
    [t],
  );
  const shown: RouteDetail | undefined = detail.data?.id === route?.id ? detail.data : undefined;

  return (
    <Drawer
      open={Boolean(route)}
      onClose={onClose}
      width={760}
      title={route ? `${t('routeManager.detail.title')} · ${route.name}` : undefined}
      destroyOnHidden
      data-testid="route-detail"
    >
      {!shown ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin description={t('routeManager.detail.loading')} />
        </div>
      ) : (
        <>
          <Suspense fallback={<MapLoading height={360} />}>
            <RouteMap
              key={shown.id}
              settings={settings}
              waylines={shown.waylines}
              bbox={shown.bbox}
              labels={labels}
              testId="route-detail-map"
            />
          </Suspense>
          {shown.waylines.length > 1 && (
            <div style={{ marginTop: 8 }} data-testid="route-detail-legend">
              {shown.waylines.map((points, index) => (
                <Tag key={index} color={waylineColor(index)}>
                  {index + 1} · {points.length}
                </Tag>
              ))}
            </div>
          )}
          {!shown.design && (
            <Alert
              style={{ marginTop: 12 }}
              type="info"
              showIcon
              title={t('routeManager.detail.noDesign')}
              data-testid="route-detail-no-design"
            />
          )}
          <Descriptions
            style={{ marginTop: 12 }}
            size="small"
            bordered
            column={2}
            data-testid="route-detail-figures"
            items={[
              { key: 'kind', label: t('routeManager.kind'), children: text.kind(shown.kind) },
              {
                key: 'public',
                label: t('routeManager.isPublic'),
                children: (
                  <Tag color={shown.isPublic ? 'green' : 'default'}>
                    {t(shown.isPublic ? 'routeManager.public' : 'routeManager.private')}
                  </Tag>
                ),
              },
              { key: 'distance', label: t('routeManager.distance'), children: text.distance(shown) },
              { key: 'duration', label: t('routeManager.duration'), children: text.duration(shown) },
              { key: 'waypoints', label: t('routeManager.waypoints'), children: shown.waypointCount },
              { key: 'photos', label: t('routeManager.photos'), children: shown.photoCount },
              { key: 'area', label: t('routeManager.area'), children: text.area(shown) },
              { key: 'gsd', label: t('routeManager.gsd'), children: text.gsd(shown) },
              {
                key: 'maxHeight',
                label: t('routeManager.maxHeight'),
                children: `${text.height(shown.maxHeight)} (${t(`routeManager.heightModes.${shown.heightMode}`, { defaultValue: shown.heightMode })})`,
              },
              {
                key: 'waylines',
                label: t('routeManager.detail.waylines'),
                children: shown.waylines.length,
              },
              { key: 'aircraft', label: t('routeManager.aircraft'), children: text.aircraft(shown) },
              { key: 'payload', label: t('routeManager.payload'), children: text.payload(shown) || '—' },
              { key: 'dock', label: t('routeManager.dock'), children: shown.hangarName ?? '—' },
              { key: 'brand', label: t('routeManager.brand'), children: shown.manufacturerName ?? '—' },
              {
                key: 'source',
                label: t('routeManager.source'),
                children: t(`routeManager.sources.${shown.sourceFormat}`, {
                  defaultValue: shown.sourceFormat,
                }),
              },
              { key: 'sourceName', label: t('routeManager.sourceName'), children: shown.sourceName ?? '—' },
              {
                key: 'fingerprint',
                label: t('routeManager.fingerprint'),
                span: 2,
                children: (
                  <Typography.Text code copyable data-testid="route-detail-fingerprint">
                    {shown.fingerprint}
                  </Typography.Text>
                ),
              },
              { key: 'wpml', label: t('routeManager.wpmlVersion'), children: shown.wpmlVersion },
              { key: 'creator', label: t('routeManager.creator'), children: shown.createUserName ?? '—' },
              { key: 'dept', label: t('routeManager.dept'), children: shown.deptName ?? '—' },
              { key: 'time', label: t('routeManager.createTime'), children: shown.createTime },
              ...(shown.remark
                ? [{ key: 'remark', label: t('routeManager.remark'), span: 2, children: shown.remark }]
                : []),
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
