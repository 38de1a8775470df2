import { RESOURCES, noFlyZoneApi } from './api';
import { ZonePage, type ZonePageProps } from './ZonePage';
import './locale';

/** No-fly zones (spec §3): type, name, window, provinces, painter, range, no-fly side. */
export default function NoFlyZonePage() {
  return (
    <ZonePage
      code="noflyzone"
      testId="no-fly-zone"
      title="zone.noflyTitle"
      resource={RESOURCES.noflyzone}
      api={noFlyZoneApi as ZonePageProps['api']}
      importCode="noflyzone_import"
    />
  );
}
