/** Messages of the route area (planners now; KMZ import and the checks later), zh-CN then en-US. */
export const messages = {
  'route.camera': ['请选择相机（负载型号）', 'choose the camera (payload model)'],
  'route.height': ['航高须在 10 至 1500 米之间', 'the flight height must be between 10 and 1,500 m'],
  'route.heightRelative': [
    '相对起飞点高度须在 -1500 至 1500 米之间',
    'the height above take-off must be between −1,500 and 1,500 m',
  ],
  'route.heightEllipsoid': [
    '椭球高须在 -500 至 9000 米之间',
    'the ellipsoid height must be between −500 and 9,000 m',
  ],
  'route.heightFollow': [
    '仿地飞行高度须在 10 至 1500 米之间',
    'the height above the terrain must be between 10 and 1,500 m',
  ],
  'route.heightMode': ['请选择高度模式', 'choose the height reference'],
  'route.heightOrGsd': ['请输入航高或地面分辨率', 'enter the flight height or the ground sample distance'],
  'route.gsd': [
    '地面分辨率须在 0.1 至 100 厘米/像素之间',
    'the ground sample distance must be between 0.1 and 100 cm/px',
  ],
  'route.overlap': ['重叠率须在 0 至 95% 之间', 'the overlap must be between 0 and 95 %'],
  'route.speed': ['速度须在 1 至 15 米/秒之间', 'the speed must be between 1 and 15 m/s'],
  'route.angle': ['航向角须在 0 至 360 度之间', 'the course angle must be between 0° and 360°'],
  'route.heading': ['航向须在 -180 至 180 度之间', 'the heading must be between −180° and 180°'],
  'route.gimbalPitch': ['云台俯仰角须在 -90 至 35 度之间', 'the gimbal pitch must be between −90° and 35°'],
  'route.obliquePitch': [
    '倾斜摄影的云台俯仰角须在 -85 至 -15 度之间',
    'the oblique gimbal pitch must be between −85° and −15°',
  ],
  'route.margin': ['外扩距离须在 -500 至 500 米之间', 'the margin must be between −500 and 500 m'],
  'route.width': ['航带每侧宽度须在 0 至 5000 米之间', 'each side of the strip must be 0 to 5,000 m wide'],
  'route.widthEmpty': ['航带左右宽度不能都为 0', 'the strip needs a width on at least one side'],
  'route.hoverTime': ['悬停时间须在 0 至 3600 秒之间', 'the hover time must be 0 to 3,600 s'],
  'route.focalLength': ['变焦焦距须在 1 至 1000 毫米之间', 'the zoom focal length must be 1 to 1,000 mm'],
  'route.action': ['不支持的航点动作', 'this waypoint action is not supported'],
  'route.waypointMin': ['航线至少需要 2 个航点', 'a route needs at least 2 waypoints'],
  'route.polygonInvalid': ['作业区域无效：{rule}', 'the work area is not valid: {rule}'],
  'route.polygonCrosses': ['边界自相交', 'its boundary crosses itself'],
  'route.polygonTiny': ['面积过小', 'it is too small'],
  'route.tooManyWaypoints': [
    '航点过多（最多 65535 个），请增大航高或减小重叠率',
    'too many waypoints (at most 65,535): fly higher or lower the overlap',
  ],
  'route.empty': [
    '区域内没有可飞的航线，请检查外扩距离和区域大小',
    'no line fits in the area: check the margin and the size of the area',
  ],
  'route.publicFlag': ['公开标识须为 0 或 1', 'the public flag must be 0 or 1'],
  'route.fileNoShape': [
    '文件中没有航线（线）或作业区（面）',
    'the file holds no route (a line) or work area (a polygon)',
  ],
  'route.fileType': ['航线文件须为 kmz、kml 或 geojson', 'a route file must be a kmz, kml or geojson file'],
  'route.designNone': [
    '该航线由文件导入，无法用航线规划编辑',
    'this route was imported from a file the planners cannot edit',
  ],
  'route.designRequired': ['请规划航线', 'plan the route'],
  'route.blocked': ['航线检查未通过：{reason}', 'the route checks refuse it: {reason}'],
  'route.check.noFly': ['航线进入禁飞区“{name}”', 'the route enters the no-fly zone “{name}”'],
  'route.check.noFlyWaived': [
    '航线规划在禁飞区“{name}”内（依您的禁飞区飞行授权）',
    'planned in the no-fly zone “{name}” under your no-fly authority',
  ],
  'route.check.noFlySide': [
    '航线离开了“{name}”（其外侧禁飞）',
    'the route leaves “{name}”, a no-fly zone whose outside is forbidden',
  ],
  'route.check.outsideFence': ['航线超出电子围栏“{name}”', 'the route leaves the fence “{name}”'],
  'route.check.outsideFences': [
    '航线不在任何生效的电子围栏内',
    'the route lies outside every fence in force',
  ],
  'route.check.outsideFlyZone': ['航线超出适飞区“{name}”', 'the route leaves the fly zone “{name}”'],
  'route.check.outsideFlyZones': [
    '航线不在任何生效的适飞区内',
    'the route lies outside every fly zone in force',
  ],
  'route.check.outsideNoFlySides': [
    '航线不在任何外侧禁飞的禁飞区内',
    'the route lies outside every no-fly zone whose outside is forbidden',
  ],
  'route.check.airport': [
    '航线进入机场“{name}”的净空保护区',
    'the route enters the protection area of the airport “{name}”',
  ],
  'route.check.airportHeight': [
    '航线在机场“{name}”的限高区内高于限高 {limitM} 米',
    'the route flies above the {limitM} m height limit of the airport “{name}”',
  ],
  'route.check.heightLimit': [
    '航线最高 {heightM} 米，超过 {limitM} 米真高限制，且没有覆盖它的已批准空域',
    'the route flies up to {heightM} m, above the {limitM} m true-height limit, without an approved airspace covering it',
  ],
  'route.check.airspace': [
    '航线高于 {limitM} 米，依已批准空域“{name}”飞行',
    'the route flies above {limitM} m under the approved airspace “{name}”',
  ],
  'route.check.heightReference': [
    '航线高度为椭球高且不知道起飞点高度，未检查真高限制',
    'the route’s heights are ellipsoid heights and the take-off height is unknown: the true-height limit is not checked',
  ],
  'route.check.dockPosition': [
    '机场位置未知（从未上报），未检查作业半径',
    'the dock’s position is unknown (never reported): its reach is not checked',
  ],
  'route.check.dockReach': [
    '航点距机场最远 {distanceKm} 公里，超出机场作业半径 {radiusKm} 公里',
    'waypoints lie up to {distanceKm} km from the dock, beyond its {radiusKm} km operating radius',
  ],
  'route.check.dockRadius': [
    '机场型号没有已知的作业半径，未检查作业半径',
    'the dock model has no known operating radius: its reach is not checked',
  ],
  'route.check.alternateReach': [
    '航点距备降点最远 {distanceKm} 公里，超出作业半径 {radiusKm} 公里',
    'waypoints lie up to {distanceKm} km from the alternate landing point, beyond the {radiusKm} km operating radius',
  ],
  'route.check.endurance': [
    '飞行约需 {minutes} 分钟，超过可用续航 {usableMin} 分钟（额定 {ratedMin} 分钟，返航余量 {marginPercent}%）',
    'the flight needs about {minutes} min, more than the {usableMin} min usable ({ratedMin} min rated, {marginPercent} % kept for the return)',
  ],
  'route.check.enduranceMargin': [
    '飞行约需 {minutes} 分钟，超过可用续航 {usableMin} 分钟的 80%',
    'the flight needs about {minutes} min, over 80 % of the {usableMin} min usable',
  ],
  'route.check.enduranceUnknown': [
    '该飞行器型号没有已知的额定续航时间，未检查续航',
    'the aircraft model has no known rated flight time: its endurance is not checked',
  ],
  'route.check.lowWaypoint': [
    '有航点低于起飞点以上 {minM} 米',
    'waypoints lie lower than {minM} m above take-off',
  ],
  'route.check.rthHeight': [
    '返航高度 {rthM} 米低于航线最高点 {heightM} 米',
    'the return-to-home height of {rthM} m is below the route’s highest point of {heightM} m',
  ],
  'route.copySuffix': ['（副本）', ' (copy)'],
  'route.exportFormat': ['导出格式须为 kmz、kml 或 geojson', 'the export format must be kmz, kml or geojson'],
  'route.screenshotLink': [
    '航线截图须为本平台上传的图片',
    'the route picture must be an image uploaded to this platform',
  ],
  'route.kind': ['请选择航线类型', 'choose the kind of route'],
  'route.mission': ['航线设置无效', 'this route setting is not valid'],
  'route.aircraft': ['请选择目录中的飞行器型号', 'choose an aircraft model of the catalogue'],
  'route.payload': ['请选择目录中的负载型号', 'choose a payload model of the catalogue'],
  'route.securityHeight': [
    '安全起飞高度须在 8 至 1500 米之间',
    'the safe take-off height must be between 8 and 1,500 m',
  ],
  'route.rthHeight': [
    '返航高度须在 20 至 1500 米之间',
    'the return-to-home height must be between 20 and 1,500 m',
  ],
  'route.record.tolerance': [
    '简化容差须在 0.5 至 100 米之间',
    'the simplification tolerance must be between 0.5 and 100 m',
  ],
  'route.record.spacing': [
    '航点最小间距须在 0 至 1000 米之间',
    'the least waypoint spacing must be between 0 and 1,000 m',
  ],
  'route.record.finishFlag': ['结束标志须为 true 或 false', 'finish must be true or false'],
  'route.record.status': ['请选择录制状态', 'choose a recording status'],
  'route.record.droneRequired': ['请选择要录制的飞行器', 'choose the aircraft to record'],
  'route.record.busy': [
    '该飞行器已有进行中的录制任务“{name}”',
    'this aircraft is already being recorded by “{name}”',
  ],
  'route.record.notRecording': ['该录制任务已结束', 'this recording has already ended'],
  'route.record.noSamples': [
    '录制期间没有收到飞行器在空中的位置，未生成航线',
    'no position of the aircraft in the air arrived while recording: no route was made',
  ],
  'route.record.tooShort': [
    '录制的航迹太短（{meters} 米），不足两个航点',
    'the recorded path is too short ({meters} m) for two waypoints',
  ],
  'route.record.noHeight': [
    '录制的位置没有高度，未生成航线',
    'the recorded positions carry no height: no route was made',
  ],
  'route.record.remark': ['由录制任务“{name}”录制', 'recorded by the record task “{name}”'],
  'route.record.routeRefused': ['航线未能保存：{reason}', 'the route could not be saved: {reason}'],
} as const;
