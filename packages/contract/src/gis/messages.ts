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

  // Area files (modules/gis/exchange): import of zipped shapefiles, KML, KMZ and GeoJSON, and export.
  'gis.fileType': ['只能导入 {formats} 文件', 'only {formats} files can be imported'],
  'gis.fileTooLarge': ['文件不能大于 {limit}', 'the file cannot be larger than {limit}'],
  'gis.fileEmpty': ['文件中没有图形', 'the file holds no shapes'],
  'gis.fileTooMany': [
    '文件中的图形过多（最多 {limit} 个）',
    'the file holds too many shapes (at most {limit})',
  ],
  'gis.fileBroken': ['文件无法读取：{reason}', 'the file cannot be read: {reason}'],
  'gis.zipBroken': ['压缩包已损坏，无法读取', 'the zip file is damaged and cannot be read'],
  'gis.zipEncrypted': ['压缩包已加密，无法读取', 'the zip file is encrypted and cannot be read'],
  'gis.zipTooLarge': [
    '压缩包解压后过大（最多 {limit}、{entries} 个文件）',
    'the zip file unpacks to too much (at most {limit} in {entries} files)',
  ],
  'gis.zipPath': ['压缩包中有不安全的文件名：{name}', 'the zip file holds an unsafe file name: {name}'],
  'gis.zipNoData': [
    '压缩包中没有 shapefile（.shp 和 .dbf）、KML 或 GeoJSON 文件',
    'the zip file holds no shapefile (.shp and .dbf), KML or GeoJSON file',
  ],
  'gis.shapefilePart': ['shapefile {name} 缺少 {part} 文件', 'the shapefile {name} lacks its {part} file'],
  'gis.shapefileBroken': ['shapefile {name} 已损坏：{reason}', 'the shapefile {name} is damaged: {reason}'],
  'gis.prjUnknown': [
    '无法识别 {name} 的坐标系（.prj）。支持 WGS-84、CGCS2000（含高斯-克吕格分带）、UTM 和 Web 墨卡托；GCJ-02（火星坐标）无法用 .prj 表示，请先转换为 WGS-84',
    'the coordinate system (.prj) of {name} is not one we know. We take WGS-84, CGCS2000 (with its Gauss-Krüger zones), UTM and Web Mercator; GCJ-02 cannot be stated in a .prj: convert to WGS-84 first',
  ],
  'gis.prjMissing': [
    '{name} 没有 .prj 文件，且坐标不是经纬度，无法确定坐标系',
    '{name} has no .prj file and its coordinates are not degrees, so its coordinate system is unknown',
  ],
  'gis.xmlRefused': [
    'KML 中不能有 DOCTYPE 或实体声明',
    'the KML may not contain a DOCTYPE or entity declarations',
  ],
  'gis.xmlBroken': ['KML 格式不正确：{reason}', 'the KML is not well-formed: {reason}'],
  'gis.jsonBroken': ['GeoJSON 格式不正确：{reason}', 'the GeoJSON is not valid: {reason}'],
  'gis.importFeature': ['第 {number} 个图形的 {path} 有误：{rule}', 'shape {number}, {path}: {rule}'],
  'gis.importFeatureNamed': [
    '第 {number} 个图形（{name}）的 {path} 有误：{rule}',
    'shape {number} ({name}), {path}: {rule}',
  ],
  'gis.importOneRange': ['文件中只能有一个范围', 'the file may hold only one range'],

  // Health (hms) warnings of a dock's custom flight areas (modules/gis/flight-areas).
  'gis.hmsNoflyCause': [
    '飞行器即将进入自定义禁飞区，已在边界前停止任务并返航',
    'the aircraft was about to enter a custom no-fly zone: it stopped the task before the boundary and returns home',
  ],
  'gis.hmsNoflyRemedy': [
    '待飞行器返航后，修改航线使其绕开禁飞区，再重新下发任务',
    'once it is home, change the route to go round the zone and send the task again',
  ],
  'gis.hmsFenceCause': [
    '飞行器即将飞出电子围栏（自定义作业区），已在边界前停止任务并返航',
    'the aircraft was about to leave its electronic fence (custom task area): it stopped the task before the boundary and returns home',
  ],
  'gis.hmsFenceRemedy': [
    '待飞行器返航后，修改航线使其保持在围栏内，再重新下发任务',
    'once it is home, change the route to stay inside the fence and send the task again',
  ],
} satisfies Record<string, readonly [string, string]>;
