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
  'gis.hmsNoflyCause': [
    '飞行器即将进入自定义禁飞区，已在边界前停止并悬停',
    'the aircraft was about to enter a custom no-fly zone: it stopped before the boundary and hovers',
  ],
  'gis.hmsNoflyRemedy': [
    '请让飞行器返航，或修改航线使其绕开禁飞区后重新下发任务',
    'send it home, or change the route to go round the zone and send the task again',
  ],
  'gis.hmsFenceCause': [
    '飞行器即将飞出电子围栏（自定义作业区），已在边界前停止并悬停',
    'the aircraft was about to leave its electronic fence (custom task area): it stopped before the boundary and hovers',
  ],
  'gis.hmsFenceRemedy': [
    '请让飞行器返航，或修改航线使其保持在围栏内后重新下发任务',
    'send it home, or change the route to stay inside the fence and send the task again',
  ],
} satisfies Record<string, readonly [string, string]>;
