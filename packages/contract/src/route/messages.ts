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
} as const;
