import type zhCN from './locale.zh-CN';

export default {
  inspectionObject: {
    title: 'inspection object',
    name: 'Name',
    type: 'Object type',
    code: 'Code',
    geometry: 'Location and extent',
    geometryHint: 'Draw a point, a line or a polygon on the map, or import a GeoJSON / KML file',
    kind: 'Shape',
    kindPoint: 'Point',
    kindLine: 'Line',
    kindPolygon: 'Polygon',
    remark: 'Remark',
    locate: 'Show on the map',
  },
} satisfies typeof zhCN;
