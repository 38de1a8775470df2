/** Strings of the inspection objects screen. */
export default {
  inspectionObject: {
    title: '巡检对象',
    name: '名称',
    type: '对象类型',
    code: '编号',
    geometry: '位置与范围',
    geometryHint: '在地图上绘制点、线或面，或导入 GeoJSON / KML 文件',
    kind: '图形',
    kindPoint: '点',
    kindLine: '线',
    kindPolygon: '面',
    remark: '备注',
    locate: '在地图上定位',
  },
};
