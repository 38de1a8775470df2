import { NodeIndexOutlined } from '@ant-design/icons';
import type { Route } from '@aos/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bboxCentre } from './format';

/**
 * The route's map picture (the screenshot stored at save), or a neutral placeholder with where the route
 * lies (its bbox centre) when it has none or the picture does not load: never a broken image.
 */
export function RouteThumbnail({
  route,
  width = 96,
  height = 64,
}: {
  route: Route;
  width?: number;
  height?: number;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (route.screenshot && !failed) {
    return (
      <img
        src={route.screenshot}
        alt={route.name}
        width={width}
        height={height}
        className="route-thumbnail"
        data-testid="route-thumbnail"
        onError={() => setFailed(true)}
      />
    );
  }
  const [lon, lat] = bboxCentre(route.bbox);
  return (
    <div
      className="route-thumbnail route-thumbnail-none"
      style={{ width, height }}
      title={`${t('routeManager.noThumbnail')} · ${lon}, ${lat}`}
      data-testid="route-thumbnail-none"
    >
      <NodeIndexOutlined />
    </div>
  );
}
