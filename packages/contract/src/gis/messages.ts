/** Server messages of the GIS area (geometry, zones, airspace, airports, map marks), zh-CN then en-US. */
export const messages = {
  'gis.lineMin': ['线至少保留 2 个端点', 'a line keeps at least 2 endpoints'],
  'gis.polygonMin': ['面至少保留 3 个节点', 'a polygon keeps at least 3 nodes'],
  'gis.tooManyNodes': ['节点过多（最多 20000 个）', 'too many nodes (at most 20,000)'],
  'gis.tooManyRings': ['内环过多（最多 100 个）', 'too many holes (at most 100)'],
  'gis.radiusMax': ['半径不能大于 1000 公里', 'the radius cannot be more than 1,000 km'],
  'gis.geometryType': ['请选择点、线、面或圆', 'choose a point, a line, a polygon or a circle'],
  'gis.areaType': ['范围须为多边形或圆', 'the range must be a polygon or a circle'],
  'gis.featureType': ['请选择点、线或面', 'choose a point, a line or a polygon'],
  'gis.selfIntersection': [
    '边界自相交，请调整节点（约在 {at}）',
    'the boundary crosses itself; move the nodes (near {at})',
  ],
  'gis.invalidGeometry': ['几何图形无效：{reason}', 'the geometry is not valid: {reason}'],
  'gis.areaKind': ['区域类型不存在', 'no such kind of area'],
  'gis.height': ['请输入正确的高度（米）', 'enter a height in metres'],
  'gis.ceilingBelowFloor': ['限高须高于起始高度', 'the ceiling must be above the floor'],
  'gis.zoneType': ['请选择禁飞区类型', 'choose the type of no-fly zone'],
  'gis.noflySide': ['请选择禁飞侧（1 区域内，2 区域外）', 'choose the no-fly side (1 inside, 2 outside)'],
  'gis.shape': ['形状须为 polygon 或 circle', 'the shape must be polygon or circle'],
  'gis.bbox': [
    '范围应为“西,南,东,北”（经纬度，西不大于东，南不大于北）',
    'the box must be "west,south,east,north" in degrees (west ≤ east, south ≤ north)',
  ],
  'gis.nameExists': ['名称已存在', 'the name is already taken'],
  'gis.zoneTypeUnknown': ['禁飞区类型不存在', 'no such type of no-fly zone'],
  'gis.provinceUnknown': ['省份 {code} 不存在', 'no province has the code {code}'],
} satisfies Record<string, readonly [string, string]>;
