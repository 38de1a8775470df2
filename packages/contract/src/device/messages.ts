/** Causes and remedies of the device result codes (`codes.ts`), zh-CN then en-US. */
export const messages = {
  'deviceCode.deviceBusy': [
    '设备当前无法执行任务（机场不空闲：正在执行其他作业、飞行或处于远程调试）',
    'The device cannot run a task now (the dock is not idle: another job, a flight or remote debugging)',
  ],
  'deviceCode.deviceBusyRemedy': [
    '等待机场空闲（退出远程调试、等待当前作业结束）后重新下发任务',
    'Wait until the dock is idle (leave remote debugging, let the current job finish), then dispatch the task again',
  ],
  'deviceCode.urlEmpty': ['下发的任务缺少航线文件地址', "The task was sent without the wayline file's URL"],
  'deviceCode.urlEmptyRemedy': [
    '检查航线是否有 KMZ 文件及存储服务是否可用，然后重新下发',
    'Check that the route has its KMZ file and that the storage service is reachable, then dispatch again',
  ],
  'deviceCode.md5Empty': [
    '下发的任务缺少航线文件的 MD5 指纹',
    "The task was sent without the wayline file's MD5 fingerprint",
  ],
  'deviceCode.md5EmptyRemedy': [
    '重新保存航线以生成指纹后再下发',
    'Save the route again so that its fingerprint is computed, then dispatch again',
  ],
  'deviceCode.taskIdInvalid': [
    '任务 ID 无效，或机场上没有已准备好的该任务',
    'The task ID is invalid, or the dock holds no prepared task with it',
  ],
  'deviceCode.taskIdInvalidRemedy': [
    '重新下发任务（准备后再执行）',
    'Dispatch the task again (prepare, then execute)',
  ],
  'deviceCode.sendToAircraftFailed': [
    '机场向飞行器发送飞行任务失败',
    'The dock failed to send the flight task to the aircraft',
  ],
  'deviceCode.sendToAircraftFailedRemedy': [
    '稍后重试；如仍失败，请重启机场',
    'Retry later; if it keeps failing, restart the dock',
  ],
  'deviceCode.md5CheckFailed': [
    '航线文件 MD5 校验失败：下载的文件与指纹不一致',
    'The wayline file failed its MD5 check: the file downloaded differs from its fingerprint',
  ],
  'deviceCode.md5CheckFailedRemedy': [
    '重新保存并下发航线；检查存储中的文件是否被替换或损坏',
    'Save and dispatch the route again; check that the stored file was not replaced or damaged',
  ],
  'deviceCode.aircraftNotReady': ['等待飞行器准备就绪超时', 'The aircraft did not get ready in time'],
  'deviceCode.aircraftNotReadyRemedy': [
    '检查飞行器是否开机、与机场连接正常，然后重试',
    'Check that the aircraft is on and linked to the dock, then retry',
  ],
  'deviceCode.uploadToAircraftFailed': [
    '航线上传到飞行器失败',
    'The wayline could not be uploaded to the aircraft',
  ],
  'deviceCode.uploadToAircraftFailedRemedy': [
    '稍后重试；如仍失败，请重启机场和飞行器',
    'Retry later; if it keeps failing, restart the dock and the aircraft',
  ],
  'deviceCode.notExecutable': [
    '等待飞行器进入可执行航线状态超时',
    'The aircraft did not become ready to fly the wayline in time',
  ],
  'deviceCode.notExecutableRemedy': ['检查飞行器状态后重试', "Check the aircraft's state, then retry"],
  'deviceCode.executionFailed': ['航线执行失败', 'The wayline could not be executed'],
  'deviceCode.executionFailedRemedy': [
    '查看机场与飞行器的健康告警，排除后重试',
    "Look at the dock's and the aircraft's health alerts, clear them, then retry",
  ],
  'deviceCode.taskCenterBusy': [
    '机场任务中心当前不能执行任务',
    "The dock's task center cannot run a task now",
  ],
  'deviceCode.taskCenterBusyRemedy': [
    '等待当前任务结束后重试',
    'Wait until the current task ends, then retry',
  ],
  'deviceCode.anotherTask': ['机场正在执行其他飞行任务', 'The dock is flying another task'],
  'deviceCode.anotherTaskRemedy': [
    '等待当前任务结束，或先结束它',
    'Wait until the current task ends, or end it first',
  ],
  'deviceCode.dockUnknown': ['机场未知错误', 'An unknown error of the dock'],
  'deviceCode.dockUnknownRemedy': [
    '重启机场后重试；如仍出现，请联系技术支持',
    'Restart the dock and retry; if it happens again, contact support',
  ],
  'deviceCode.waylineUnknown': ['航线执行出现未知错误', 'An unknown error while flying the wayline'],
  'deviceCode.waylineUnknownRemedy': [
    '查看飞行器健康告警后重试；如仍出现，请联系技术支持',
    "Look at the aircraft's health alerts and retry; if it happens again, contact support",
  ],
  'deviceCode.fileParseFailed': ['航线文件解析失败', 'The wayline file could not be read'],
  'deviceCode.fileParseFailedRemedy': [
    '检查航线文件（重新导入或重新规划并保存），然后重新下发',
    'Check the wayline file (import or plan and save it again), then dispatch again',
  ],
  'deviceCode.breakpointInvalid': ['断点信息有误，与航线不符', 'The break point does not fit the wayline'],
  'deviceCode.breakpointInvalidRemedy': [
    '不带断点重新执行任务，或使用该任务最近一次上报的断点',
    'Run the task again without a break point, or with the one the task last reported',
  ],
  'deviceCode.alreadyStarted': [
    '航线已经开始，不能再次开始',
    'The wayline has already started and cannot start again',
  ],
  'deviceCode.alreadyStartedRemedy': ['等待当前航线结束', 'Wait until the current wayline ends'],
  'deviceCode.cannotPause': [
    '当前状态不能暂停航线（只有执行中的航线可以暂停）',
    'The wayline cannot be paused now (only a wayline in flight can)',
  ],
  'deviceCode.cannotPauseRemedy': ['在航线执行中再暂停', 'Pause while the wayline is being flown'],
  'deviceCode.notStarted': ['航线尚未开始，不能结束', 'The wayline has not started and cannot be ended'],
  'deviceCode.notStartedRemedy': [
    '无需操作；如需取消，请取消未执行的任务',
    'Nothing to do; to drop it, cancel the task that has not started',
  ],
  'deviceCode.altitudeLimit': ['飞行器超过最大限高', 'The aircraft reached its maximum altitude'],
  'deviceCode.altitudeLimitRemedy': [
    '降低航线高度或调整限高设置后重新规划',
    "Lower the route's heights or the altitude limit setting, and plan again",
  ],
  'deviceCode.distanceLimit': ['飞行器超过最大限远', 'The aircraft reached its maximum distance'],
  'deviceCode.distanceLimitRemedy': [
    '缩短航线或调整限远设置',
    'Shorten the route or change the distance limit setting',
  ],
  'deviceCode.altitudeTriggered': ['飞行器触发限高', 'The aircraft hit an altitude limit'],
  'deviceCode.altitudeTriggeredRemedy': [
    '检查航线高度与当地限高',
    "Check the route's heights against the local altitude limit",
  ],
  'deviceCode.obstacle': ['飞行器触发避障', "The aircraft's obstacle sensing stopped it"],
  'deviceCode.obstacleRemedy': [
    '检查航线附近的障碍物，调整航点位置或高度',
    'Check for obstacles along the route; move or raise the waypoints',
  ],
  'deviceCode.rtkPoor': ['RTK 信号差', 'Poor RTK signal'],
  'deviceCode.rtkPoorRemedy': [
    '检查 RTK 基站与网络 RTK 设置后重试',
    'Check the RTK base station or network RTK settings, then retry',
  ],
  'deviceCode.restrictedZone': ['接近限飞区边界', "The aircraft came close to a restricted zone's boundary"],
  'deviceCode.restrictedZoneRemedy': [
    '调整航线避开限飞区，或申请解禁',
    'Move the route away from the restricted zone, or apply for an unlock',
  ],
  'deviceCode.takeoffFailed': ['起飞任务执行失败', 'The take-off failed'],
  'deviceCode.takeoffFailedRemedy': [
    '检查机场舱盖、飞行器状态和起飞区域后重试',
    "Check the dock's hatch, the aircraft and the take-off area, then retry",
  ],
  'deviceCode.missionRequestFailed': ['航线任务请求失败', 'The wayline mission request failed'],
  'deviceCode.missionRequestFailedRemedy': ['稍后重试', 'Retry later'],
  'deviceCode.weakGps': ['GPS 信号弱', 'Weak GPS signal'],
  'deviceCode.weakGpsRemedy': [
    '等待卫星信号恢复后重试',
    'Wait for the satellite signal to recover, then retry',
  ],
  'deviceCode.lowBatteryReturn': [
    '飞行器电量降至返航电量，已返航，任务部分完成',
    "The aircraft's battery fell to its return power: it came home and the task is partly done",
  ],
  'deviceCode.lowBatteryReturnRemedy': [
    '充电后从断点续飞',
    'Charge the aircraft, then resume the task from its break point',
  ],
  'deviceCode.notInDebugMode': [
    '机场不在远程调试模式，不能执行该调试操作',
    'The dock is not in remote debug mode, so this debug command is refused',
  ],
  'deviceCode.notInDebugModeRemedy': ['先开启远程调试', 'Open remote debugging first'],
  'deviceCode.flightInProgress': [
    '飞行器正在飞行，不能执行该操作',
    'The aircraft is flying, so this command is refused',
  ],
  'deviceCode.flightInProgressRemedy': [
    '等待飞行器返航降落后再操作',
    'Wait until the aircraft has landed in the dock',
  ],
  'deviceCode.dockJobRunning': ['机场正在执行另一项调试作业', 'The dock is running another debug job'],
  'deviceCode.dockJobRunningRemedy': [
    '等待当前作业结束后重试',
    'Wait until the current job ends, then retry',
  ],
  'deviceCode.droneOff': ['飞行器未开机', 'The aircraft is powered off'],
  'deviceCode.droneOffRemedy': ['在远程调试中开启飞行器', 'Power the aircraft on in remote debugging'],
  'deviceCode.droneNotInDock': ['飞行器不在机场内', 'The aircraft is not in the dock'],
  'deviceCode.droneNotInDockRemedy': [
    '让飞行器返航降落到机场后重试',
    'Bring the aircraft home into the dock, then retry',
  ],
  'deviceCode.droneGrounded': [
    '飞行器在地面上，不能执行该飞行操作',
    'The aircraft is on the ground, so this flight command is refused',
  ],
  'deviceCode.droneGroundedRemedy': ['先起飞', 'Take off first'],
  'deviceCode.noFlight': ['没有可暂停或恢复的飞行', 'There is no flight to pause or resume'],
  'deviceCode.noFlightRemedy': ['无需操作', 'Nothing to do'],
  'deviceCode.invalidParameter': ['命令参数缺失或超出范围', 'A command parameter is missing or out of range'],
  'deviceCode.invalidParameterRemedy': ['检查命令参数后重试', "Check the command's parameters, then retry"],
  'deviceCode.already': ['设备已处于所请求的状态', 'The device is already in the state asked for'],
  'deviceCode.alreadyRemedy': ['无需操作', 'Nothing to do'],
  'deviceCode.lowBattery': [
    '飞行器电量不足，不能起飞（低于起飞要求或任务的电量条件）',
    "The aircraft's battery is too low to take off (below the take-off minimum or the task's battery condition)",
  ],
  'deviceCode.lowBatteryRemedy': ['在机场内充电后重试', 'Charge the aircraft in the dock, then retry'],
  'deviceCode.noSuchPayload': ['指定的负载不存在', 'No such payload on the aircraft'],
  'deviceCode.noSuchPayloadRemedy': [
    '选择飞行器上的相机后重试',
    'Choose a camera the aircraft carries, then retry',
  ],
  'deviceCode.debugModeActive': [
    '机场处于远程调试模式，不能起飞',
    'The dock is in remote debug mode and cannot launch a flight',
  ],
  'deviceCode.debugModeActiveRemedy': ['先关闭远程调试', 'Close remote debugging first'],
  'deviceCode.flightAreaBlocked': [
    '飞行在自定义飞行区边界处停止（前方为禁飞区或围栏边界），飞行器已返航',
    "The flight stopped at a custom flight area's boundary (a no-fly zone ahead or the fence's edge); the aircraft came home",
  ],
  'deviceCode.flightAreaBlockedRemedy': [
    '调整航线避开禁飞区并留在围栏内',
    'Move the route clear of the no-fly zones and inside the fence',
  ],
  'deviceCode.windTooStrong': [
    '风速超过该机型的抗风上限，不能执行任务',
    'The wind is above what this aircraft model flies in, so the task is refused',
  ],
  'deviceCode.windTooStrongRemedy': ['等风速降下来后再执行', 'Wait for the wind to drop, then run the task'],
  'deviceCode.heavyRain': ['机场处降大雨，不能执行任务', 'Heavy rain at the dock, so the task is refused'],
  'deviceCode.heavyRainRemedy': ['等雨停后再执行', 'Wait until the rain stops, then run the task'],
  'deviceCode.storageLow': [
    '存储空间不足，达不到任务的可执行条件',
    "Not enough free storage for the task's executable conditions",
  ],
  'deviceCode.storageLowRemedy': [
    '上传或清理机场与飞行器上的媒体文件后重试',
    'Upload or clear the media on the dock and the aircraft, then retry',
  ],
  'deviceCode.downloadFailed': [
    '机场下载航线文件失败（网络、存储服务错误或文件过大）',
    'The dock could not download the wayline file (network, storage service error, or file too large)',
  ],
  'deviceCode.downloadFailedRemedy': [
    '检查机场网络与存储服务，然后重新下发',
    "Check the dock's network and the storage service, then dispatch again",
  ],
  'deviceCode.simInternal': ['模拟器内部错误', 'An internal error of the simulator'],
  'deviceCode.simInternalRemedy': ['查看模拟器日志', "Look at the simulator's log"],
  'deviceCode.refusedByFault': [
    '模拟器的故障注入拒绝了该命令',
    "The simulator's injected fault refused the command",
  ],
  'deviceCode.refusedByFaultRemedy': ['清除模拟器的故障后重试', "Clear the simulator's fault, then retry"],
  'deviceCode.unknownMethod': ['设备不支持该命令', 'The device does not support this command'],
  'deviceCode.unknownMethodRemedy': [
    '检查设备固件版本与命令名',
    "Check the device's firmware version and the command's name",
  ],
  'deviceCode.familyFlightTask': [
    '飞行任务下发失败（错误码 {code}）',
    'The flight task could not be dispatched (code {code})',
  ],
  'deviceCode.familyFlightTaskRemedy': [
    '稍后重新下发；如仍失败，请重启机场，并按错误码查阅大疆错误码说明',
    "Dispatch it again later; if it keeps failing, restart the dock and look the code up in DJI's error code list",
  ],
  'deviceCode.familyTaskCenter': [
    '机场任务中心无法执行任务（错误码 {code}）',
    "The dock's task center could not run the task (code {code})",
  ],
  'deviceCode.familyTaskCenterRemedy': [
    '等待机场空闲后重试，并按错误码查阅大疆错误码说明',
    "Wait until the dock is idle and retry; look the code up in DJI's error code list",
  ],
  'deviceCode.familyWayline': [
    '航线执行中断（错误码 {code}）',
    'The wayline stopped in flight (code {code})',
  ],
  'deviceCode.familyWaylineRemedy': [
    '查看飞行器健康告警，排除后重试，并按错误码查阅大疆错误码说明',
    "Look at the aircraft's health alerts, clear them and retry; look the code up in DJI's error code list",
  ],
  'deviceCode.familyDock': ['机场设备故障（错误码 {code}）', 'A dock device fault (code {code})'],
  'deviceCode.familyDockRemedy': [
    '查看机场健康告警，必要时到现场检查机场',
    "Look at the dock's health alerts; check the dock on site if needed",
  ],
  'deviceCode.unknown': ['设备返回错误码 {code}', 'The device answered with error code {code}'],
  'deviceCode.unknownRemedy': [
    '稍后重试；如仍出现，请按错误码 {code} 查阅大疆错误码说明或联系技术支持',
    "Retry later; if it happens again, look code {code} up in DJI's error code list or contact support",
  ],
} as const;
