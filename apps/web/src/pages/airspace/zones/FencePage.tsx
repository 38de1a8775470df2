import { RESOURCES, fenceApi } from './api';
import { ZonePage, type ZonePageProps } from './ZonePage';
import './locale';

/** Electronic fences (spec §3): a polygon or a circle the drone must not leave; import and export. */
export default function FencePage() {
  return (
    <ZonePage
      code="fence"
      testId="fence"
      title="zone.fenceTitle"
      resource={RESOURCES.fence}
      api={fenceApi as ZonePageProps['api']}
      importCode="fence_import"
      exportCode="fence_export"
    />
  );
}
