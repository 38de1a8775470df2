import { type OilFeature, OilFeatureSubmit, type OilLayer, oilLayerInfo } from '@aos/contract';
import type { CrudColumn } from '../../../components/crud/types';
import { GeometryField } from '../../../components/map/editor/GeometryField';
import { AttributesInput, attributesText } from './AttributesInput';
import { positionText } from './features';

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
    { field: 'createTime', label: 'crud.createTime', form: false, table: false },
  ];
}
