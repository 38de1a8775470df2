/** Messages of device error codes (codes.ts), zh-CN then en-US. */
export const messages = {
  'deviceCode.cause.taskDistribute': ['机场未能接收任务', 'the dock could not take the task'],
  'deviceCode.cause.md5Empty': ['下发的航线文件缺少 MD5 指纹', 'the route file was sent without its MD5'],
  'deviceCode.cause.fileFormat': [
    '机场不支持该航线文件格式',
    'the dock does not support the route file format',
  ],
  'deviceCode.cause.md5Mismatch': [
    '航线文件 MD5 校验失败',
    'the route file does not match its MD5 fingerprint',
  ],
  'deviceCode.cause.fileToAircraft': [
    '机场未能把航线文件传给飞行器',
    'the dock could not pass the route file to the aircraft',
  ],
  'deviceCode.cause.prepareTimeout': ['飞行器任务准备超时', 'the aircraft took too long to prepare'],
  'deviceCode.cause.lowBattery': ['飞行器电量不足', 'the aircraft battery is too low'],
  'deviceCode.cause.aircraftMissing': ['未检测到飞行器', 'the aircraft was not found'],
  'deviceCode.cause.dockBusy': ['机场正在执行其他任务', 'the dock is busy with another task'],
  'deviceCode.cause.storageFull': ['机场或飞行器存储空间不足', 'the dock or aircraft storage is full'],
  'deviceCode.cause.taskError': ['任务执行出错', 'the task failed on the dock'],
  'deviceCode.cause.fileParse': ['航线文件解析失败', 'the route file could not be read'],
  'deviceCode.cause.heightLimit': ['航线高度超过飞行器限高', 'the route is higher than the aircraft may fly'],
  'deviceCode.cause.geoZone': ['航线穿越限飞区', 'the route crosses a restricted zone'],
  'deviceCode.cause.lowBatteryReturn': [
    '飞行器低电量返航，任务未完成',
    'the aircraft returned home on low battery before the end',
  ],
  'deviceCode.cause.signalLost': ['执行任务时飞行器信号丢失', 'the aircraft signal was lost in flight'],
  'deviceCode.cause.userReturn': ['用户下发了返航指令', 'a user sent the aircraft home'],
  'deviceCode.cause.unknown': ['设备返回未知错误', 'the device reported an unknown error'],
  'deviceCode.remedy.retryLater': ['请稍后重试', 'try again later'],
  'deviceCode.remedy.checkRoute': ['请检查航线文件后重新下发', 'check the route file and send it again'],
  'deviceCode.remedy.restartDock': ['请重启机场后重试', 'restart the dock and try again'],
  'deviceCode.remedy.waitCharge': ['请等待飞行器充电后重试', 'wait for the aircraft to charge and try again'],
  'deviceCode.remedy.checkAircraft': [
    '请检查飞行器是否在机场内并已连接',
    'check that the aircraft is in the dock and linked',
  ],
  'deviceCode.remedy.waitUpload': [
    '请等待媒体文件上传完成后重试',
    'wait for the media files to upload and try again',
  ],
  'deviceCode.remedy.none': ['无需处理', 'nothing to do'],
  'deviceCode.remedy.contactSupport': [
    '请记录错误码并联系技术支持',
    'note the error code and contact support',
  ],
} as const;
