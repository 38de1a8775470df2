import {
  type OilFeature,
  OilFeatureSubmit,
  type OilLayer,
  oilLayerInfo,
  type StoredGeometry,
} from '@aos/contract';
import type { CrudColumn } from '../../../components/crud/types';
import { formatLength } from '../../../components/map/editor/geometryEdit';
import { GeometryField } from '../../../components/map/editor/GeometryField';
import { AttributesInput, attributesText } from './AttributesInput';

const EARTH_RADIUS = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle length of a line of [longitude, latitude] positions, in metres. */
export function lineLength(positions: number[][]): number {
  let metres = 0;
  for (let index = 1; index < positions.length; index++) {
    const [lon1, lat1] = positions[index - 1]!;
    const [lon2, lat2] = positions[index]!;
    const a =
      Math.sin(radians(lat2! - lat1!) / 2) ** 2 +
      Math.cos(radians(lat1!)) * Math.cos(radians(lat2!)) * Math.sin(radians(lon2! - lon1!) / 2) ** 2;
    metres += 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(a)));
  }
  return metres;
}

/** A point as `longitude, latitude`, a line as its length on the ground. */
export function positionText(geometry: StoredGeometry | undefined): string {
  if (geometry?.type === 'Point') return geometry.coordinates.map((value) => value.toFixed(6)).join(', ');
  if (geometry?.type === 'LineString') return formatLength(lineLength(geometry.coordinates));
  return '';
}

/** The feature table and dialog of one layer: the geometry editor draws the layer's kind only. */
export function featureColumns(layer: OilLayer): CrudColumn<OilFeature>[] {
  const submit = OilFeatureSubmit[layer].shape;
  const kind = oilLayerInfo(layer).geometry;
  return [
    { field: 'name', label: 'oilLayer.name', schema: submit.name, required: true, search: true, width: 180 },
    { field: 'code', label: 'oilLayer.code', schema: submit.code, search: true, width: 120 },
    {
      field: 'geometry',
      label: 'oilLayer.geometry',
      type: 'custom',
      schema: submit.geometry,
      required: true,
      span: 24,
      table: false,
      view: false,
      tooltip: kind === 'Point' ? 'oilLayer.geometryHintPoint' : 'oilLayer.geometryHintLine',
      renderInput: ({ value, onChange }) => (
        <GeometryField value={value} onChange={onChange} types={[kind]} name={layer} height={300} />
      ),
    },
    {
      field: 'position',
      label: 'oilLayer.position',
      form: false,
      width: 200,
      render: (_, record) => positionText(record.geometry),
    },
    {
      field: 'attributes',
      label: 'oilLayer.attributes',
      type: 'custom',
      schema: submit.attributes,
      span: 24,
      ellipsis: true,
      width: 260,
      initialValue: {},
      render: (value) => attributesText(value),
      renderInput: ({ value, onChange }) => <AttributesInput value={value} onChange={onChange} />,
    },
    {
      field: 'remark',
      label: 'oilLayer.remark',
      type: 'textarea',
      schema: submit.remark,
      ellipsis: true,
      width: 200,
    },
    { field: 'createTime', label: 'crud.createTime', form: false, width: 190 },
  ];
}
