import { CAMERAS, ROUTE_AIRCRAFT, ROUTE_PAYLOADS, type Route } from '@aos/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../store/session';
import { areaFigure, distanceFigure, durationFigure, type Figure } from './format';

/** A catalogue name in the active language. */
const named = (item: { name: string; nameEn: string }, english: boolean) =>
  english ? item.nameEn : item.name;

/** The texts of a route's figures and catalogue names in the active language. */
export function useRouteText() {
  const { t } = useTranslation();
  const english = useSession((state) => state.language) === 'en-US';
  const figure = ({ unit, values }: Figure) => t(`routeManager.unit.${unit}`, values);
  return {
    distance: (route: Pick<Route, 'distance'>) => figure(distanceFigure(route.distance)),
    duration: (route: Pick<Route, 'duration'>) => figure(durationFigure(route.duration)),
    area: (route: Pick<Route, 'area'>) => figure(areaFigure(route.area)),
    gsd: (route: Pick<Route, 'gsd'>) =>
      route.gsd === null
        ? figure({ unit: 'none', values: {} })
        : t('routeManager.unit.cm', { value: route.gsd.toFixed(2) }),
    height: (metres: number) => t('routeManager.unit.m', { value: Math.round(metres) }),
    kind: (kind: string) => t(`routeManager.kinds.${kind}`),
    aircraft: (route: Pick<Route, 'aircraftModelId' | 'aircraftModelName'>) => {
      const model = ROUTE_AIRCRAFT.find((item) => item.id === route.aircraftModelId);
      return model ? named(model, english) : (route.aircraftModelName ?? route.aircraftModelId);
    },
    payload: (route: Pick<Route, 'payloadModelId' | 'payloadModelName'>) => {
      if (!route.payloadModelId) return '';
      const model = ROUTE_PAYLOADS.find((item) => item.id === route.payloadModelId);
      return model ? named(model, english) : (route.payloadModelName ?? route.payloadModelId);
    },
    aircraftOptions: () => ROUTE_AIRCRAFT.map((model) => ({ value: model.id, label: named(model, english) })),
    payloadOptions: () => ROUTE_PAYLOADS.map((model) => ({ value: model.id, label: named(model, english) })),
    cameraOptions: () => CAMERAS.map((camera) => ({ value: camera.id, label: named(camera, english) })),
  };
}
