import { RESOURCES, flyZoneApi } from './api';
import { ZonePage, type ZonePageProps } from './ZonePage';
import './locale';

/** Fly zones: keep-in areas a flight must stay inside. */
export default function FlyZonePage() {
  return (
    <ZonePage
      code="flyzone"
      testId="fly-zone"
      title="zone.flyTitle"
      resource={RESOURCES.flyzone}
      api={flyZoneApi as ZonePageProps['api']}
      importCode="flyzone_import"
    />
  );
}
