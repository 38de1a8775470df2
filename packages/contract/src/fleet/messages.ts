/**
 * Server messages of the fleet registry (fly operators, base stations, brands, suppliers, devices, docks),
 * zh-CN then en-US.
 */
export const messages = {
  'fleet.typeUnknown': ['类型不存在', 'no such type'],
  'fleet.userUnknown': ['关联账号不存在', 'no such user account in this tenant'],
  'fleet.userTaken': ['该账号已关联其他飞手', 'this account is already linked to another fly operator'],
  'fleet.licenceExists': ['执照编号已存在', 'the licence number already exists'],
  'fleet.licenceExpired': ['执照已过期', 'the licence has expired'],
  'fleet.licenceExpiredOn': [
    '执照已过期，不能启用：{names}',
    'cannot enable, the licence has expired: {names}',
  ],
  'fleet.entitySign': ['请选择正确的实体模型', 'choose entity models from the entity center'],
  'fleet.codeExists': ['品牌编码已存在', 'the brand code already exists'],
  'fleet.brandInUse': [
    '品牌正在被使用，不能删除：{names}',
    'the brand is in use and cannot be removed: {names}',
  ],
  'fleet.supplierCodeExists': ['供应商编码已存在', 'the supplier code already exists'],
  'fleet.serialNumber': [
    '序列号只能包含字母、数字、- 和 _',
    'the serial number may contain only letters, digits, - and _',
  ],
  'fleet.serialNumberTaken': ['该序列号已被注册', 'this serial number is already registered'],
  'fleet.deviceType': [
    '请选择设备类型：飞行器、载荷、数据链或遥控器',
    'choose a device type: aircraft, payload, data link or remote controller',
  ],
  'fleet.deviceStatus': ['设备状态须为正常或停用', 'the status must be 1 (normal) or 2 (disabled)'],
  'fleet.kind': ['请选择正确的设备类别', 'choose a kind from the entity center'],
  'fleet.modelUnknown': ['设备型号不存在', 'no such model in the catalogue'],
  'fleet.modelMismatch': ['所选型号与类型不符', 'the model does not match the type'],
  'fleet.brandUnknown': ['品牌不存在', 'no such brand in this tenant'],
  'fleet.brandKind': ['该品牌未关联实体模型：{kind}', 'this brand is not associated with: {kind}'],
  'fleet.power': ['功率须为 0 到 100000 之间的数（W）', 'the power must be a number from 0 to 100000 (W)'],
  'fleet.takeoffWeight': [
    '起飞重量须为 0 到 1000 之间的数（kg）',
    'the takeoff weight must be a number from 0 to 1000 (kg)',
  ],
  'fleet.load': ['载重须为 0 到 1000 之间的数（kg）', 'the load must be a number from 0 to 1000 (kg)'],
  'fleet.flightSpeed': [
    '飞行速度须为 0 到 200 之间的数（m/s）',
    'the flight speed must be a number from 0 to 200 (m/s)',
  ],
  'fleet.ids': ['请选择正确的设备', 'the ids are not valid'],
  'fleet.onlyAircraftCarries': [
    '只有飞行器可以关联载荷和数据链',
    'only an aircraft carries payloads and a data link',
  ],
  'fleet.payloadInvalid': ['请选择本租户的载荷设备', 'choose payload devices of this tenant'],
  'fleet.datalinkInvalid': ['请选择本租户的数据链设备', 'choose a data-link device of this tenant'],
  'fleet.imageLink': [
    '图片须为本平台上传的图片或 http(s) 地址',
    'the picture must be uploaded to this platform or be an http(s) address',
  ],
  'fleet.images': [
    '最多 6 张图片，每张须为本平台上传的图片或 http(s) 地址',
    'up to 6 pictures, each uploaded to this platform or an http(s) address',
  ],
  'fleet.streamUrl': [
    '视频流地址须以 rtmp、rtsp、http(s) 或 webrtc 开头',
    'the stream address must start with rtmp, rtsp, http(s) or webrtc',
  ],
  'fleet.alternatePair': [
    '备降点经度和纬度须同时填写或同时留空',
    'enter both the alternate landing longitude and latitude, or neither',
  ],
  'fleet.longitude': ['经度须在 -180 到 180 之间', 'the longitude must be between -180 and 180'],
  'fleet.latitude': ['纬度须在 -90 到 90 之间', 'the latitude must be between -90 and 90'],
  'fleet.batteryPercent': [
    '电量阈值须为 0 到 100 的整数',
    'the battery threshold must be a whole number from 0 to 100',
  ],
  'fleet.ultraLowBelowLow': [
    '严重低电量告警阈值须低于低电量告警阈值',
    'the ultra-low battery alarm threshold must be below the low battery alarm threshold',
  ],
  'fleet.safeLandHeight': [
    '安全降落高度须为 20 到 500 米的整数',
    'the safe landing height must be a whole number of metres from 20 to 500',
  ],
  'fleet.rthAltitude': [
    '返航高度须为 20 到 1500 米的整数',
    'the return-home altitude must be a whole number of metres from 20 to 1500',
  ],
  'fleet.outOfControlAction': [
    '失控动作须为返航、悬停或降落',
    'the out-of-control action must be 0 (return home), 1 (hover) or 2 (land)',
  ],
  'fleet.visible': ['显示状态须为 0（隐藏）或 1（显示）', 'visible must be 0 (hidden) or 1 (shown)'],
  'fleet.deptUnknown': ['所属团队不存在', 'no such team in this tenant'],
  'fleet.droneInvalid': ['请选择本租户的飞行器', 'choose aircraft of this tenant'],
  'fleet.notAircraft': [
    '不是飞行器，不能绑定机库：{names}',
    'not an aircraft, cannot be bound to a dock: {names}',
  ],
  'fleet.droneBound': ['已绑定其他机库：{names}', 'already bound to another dock: {names}'],
  'fleet.deviceBoundToDock': [
    '设备“{device}”已绑定机库“{dock}”，请先解绑',
    'the device {device} is bound to the dock {dock}: unbind it first',
  ],
  'fleet.deviceCarried': [
    '设备“{device}”正被飞行器“{aircraft}”作为载荷或数据链使用，请先解除关联',
    'the device {device} is carried by the aircraft {aircraft} as payload or data link: remove it there first',
  ],
  'fleet.credentialIssued': [
    '已签发新的设备接入凭证，密码仅显示一次，请妥善保存',
    'new device credentials issued: the password is shown only once, keep it safe',
  ],
  'fleet.turnedOn': ['启用成功', 'enabled successfully'],
  'fleet.turnedOff': ['停用成功', 'disabled successfully'],
} satisfies Record<string, readonly [string, string]>;
