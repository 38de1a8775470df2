import { type BaseStation, BaseStationSubmit, DICT } from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { LonLatInput } from '../../../components/map/LonLatInput';
import './locale';

const api = crudApi<BaseStation>('/api/aos-gisservice/basestation', {
  page: '/api/aos-gisservice/basestation/page',
});

const columns: CrudColumn<BaseStation>[] = [
  {
    field: 'name',
    label: 'baseStation.name',
    schema: BaseStationSubmit.shape.name,
    required: true,
    search: true,
    width: 160,
  },
  {
    field: 'type',
    label: 'baseStation.type',
    type: 'select',
    dict: { code: DICT.base_station_type },
    schema: BaseStationSubmit.shape.type,
    required: true,
    search: true,
    width: 150,
  },
  {
    field: 'stationIp',
    label: 'baseStation.stationIp',
    schema: BaseStationSubmit.shape.stationIp,
    required: true,
    search: true,
    width: 150,
  },
  {
    field: 'port',
    label: 'baseStation.port',
    type: 'number',
    schema: BaseStationSubmit.shape.port,
    required: true,
    width: 100,
  },
  {
    field: 'adhocIp',
    label: 'baseStation.adhocIp',
    schema: BaseStationSubmit.shape.adhocIp,
    table: false,
  },
  { field: 'lanIp', label: 'baseStation.lanIp', schema: BaseStationSubmit.shape.lanIp, table: false },
  {
    field: 'lonLat',
    label: 'baseStation.lonLat',
    type: 'custom',
    // Typed or picked on the map: the map fills the same `longitude,latitude` text.
    renderInput: ({ value, onChange }) => (
      <LonLatInput
        value={value as string | undefined}
        onChange={onChange}
        placeholder="116.397128,39.916527"
        testId="field-lonLat"
      />
    ),
    schema: BaseStationSubmit.shape.lonLat,
    required: true,
    tooltip: 'baseStation.lonLatHint',
    width: 200,
  },
  {
    field: 'address',
    label: 'baseStation.address',
    schema: BaseStationSubmit.shape.address,
    span: 24,
    ellipsis: true,
  },
  { field: 'createTime', label: 'crud.createTime', form: false, table: false },
];

/** Base stations: type, the station's and edge server's addresses, port and position (longitude,latitude). */
export default function BaseStationPage() {
  return (
    <CrudPage<BaseStation>
      code="basestation"
      testId="base-station"
      title="baseStation.title"
      columns={columns}
      api={api}
    />
  );
}
