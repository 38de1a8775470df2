/** Server messages of the fleet registry (fly operators, base stations, brands, suppliers), zh-CN then en-US. */
export const fleetMessages = {
  'fleet.coordinates': [
    '请输入正确的经纬度，格式为“经度,纬度”',
    'please enter correct coordinates as longitude,latitude',
  ],
  'fleet.ip': ['请输入正确的 IP 地址（IPv4 或 IPv6）', 'please enter a valid IP address (IPv4 or IPv6)'],
  'fleet.port': ['通讯端口须为 1 到 65535 的整数', 'the port must be a whole number from 1 to 65535'],
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
  'fleet.manufacturerInUse': [
    '品牌正在被使用，不能删除：{names}',
    'the brand is in use and cannot be removed: {names}',
  ],
  'fleet.supplierCodeExists': ['供应商编码已存在', 'the supplier code already exists'],
  'fleet.turnedOn': ['启用成功', 'enabled successfully'],
  'fleet.turnedOff': ['停用成功', 'disabled successfully'],
} satisfies Record<string, readonly [string, string]>;
