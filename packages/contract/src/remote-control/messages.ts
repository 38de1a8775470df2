/**
 * Server messages of the device link and remote control (spec §8 "Specific messages" and the refusals of the
 * control predicates in device-control.ts), zh-CN then en-US.
 */
export const messages = {
  'device.dockNotFound': ['未找到机库信息', 'Hangar information not found'],
  'device.dockOffline': ['机库离线', 'Hangar is offline'],
  'device.noPermission': ['您没有该操作的权限', 'you do not have the permission for this action'],
  'device.droneNotPowered': [
    '飞机未开机，无法控制',
    'The aircraft is not powered on and cannot be controlled',
  ],
  'device.droneNotFound': ['未找到飞机信息', 'Aircraft information not found'],
  'device.droneNotBound': ['该飞机未绑定机库', 'the aircraft is not bound to a dock'],
  'device.notVtol': ['该机库不是垂起机库', 'this dock is not a VTOL dock'],
  'device.remoteDebugRequired': ['请先开启远程调试模式', 'turn on remote debug mode first'],
  'device.remoteDebugActive': ['请先关闭远程调试模式', 'turn off remote debug mode first'],
  'device.dockWorking': ['机库正在执行任务', 'the dock is running a flight task'],
  'device.dockBusy': ['机库正在执行“{job}”，请稍候', 'the dock is busy with {job}, please wait'],
  'device.already': ['设备已处于该状态', 'the device is already in that state'],
  'device.droneOutside': ['飞机不在机库内', 'the aircraft is not in the dock'],
  'device.droneFlying': ['飞机正在飞行', 'the aircraft is flying'],
  'device.droneGrounded': ['飞机未起飞', 'the aircraft is not flying'],
  'device.droneOn': ['请先关闭飞机电源', 'power the aircraft off first'],
  'device.noFlightToPause': ['没有可暂停的飞行', 'there is no flight to pause'],
  'device.noFlightToResume': ['没有已暂停的飞行', 'there is no paused flight'],
  'device.notRecording': ['相机未在录像', 'the camera is not recording'],
  'device.recording': ['相机正在录像', 'the camera is already recording'],
  'device.noPayload': ['飞机未挂载相机', 'the aircraft reports no camera'],
  'device.commandRejected': [
    '设备拒绝执行（错误码 {code}）',
    'the device refused the command (error {code})',
  ],
  'device.commandTimeout': ['设备未响应，请稍后重试', 'the device did not answer, please try again'],
  'device.linkUnavailable': ['设备通信服务未运行', 'the device link is not running'],
} satisfies Record<string, readonly [string, string]>;
