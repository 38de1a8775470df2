/** Causes and remedies of the device result codes (`codes.ts`), zh-CN then en-US. */
export const messages = {
  // 314xxx flight task dispatch and preparation
  'deviceCode.deviceBusy': [
    '设备当前无法执行任务（机场不空闲：正在执行其他作业、飞行或处于远程调试）',
    'The device cannot run a task now (the dock is not idle: another job, a flight or remote debugging)',
  ],
  'deviceCode.deviceBusyRemedy': [
    '等待机场空闲（退出远程调试、等待当前作业结束）后重新下发任务',
    'Wait until the dock is idle (leave remote debugging, let the current job finish), then dispatch the task again',
  ],
  'deviceCode.urlEmpty': [
    '下发的任务缺少航线文件地址，机场无法接收任务',
    "The task was sent without the wayline file's URL, so the dock could not take it",
  ],
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
    '机场拒绝该任务：任务 ID 无效（机场上没有已准备好的该任务），或航线文件格式不受支持',
    "The dock refused the task: its ID is invalid (the dock holds no prepared task with it), or the wayline file's format is not supported",
  ],
  'deviceCode.taskIdInvalidRemedy': [
    '检查航线文件（重新规划并保存），然后重新下发任务（先准备再执行）',
    'Check the wayline file (plan and save the route again), then dispatch the task again (prepare, then execute)',
  ],
  'deviceCode.dispatchFailed': [
    '飞行任务未能下发到机场',
    'The flight task could not be delivered to the dock',
  ],
  'deviceCode.dispatchFailedRemedy': [
    '稍后重新下发；如仍失败，请重启机场',
    'Dispatch it again later; if it keeps failing, restart the dock',
  ],
  'deviceCode.md5CheckFailed': [
    '航线文件 MD5 校验失败：下载的文件与指纹不一致',
    'The wayline file failed its MD5 check: the file downloaded differs from its fingerprint',
  ],
  'deviceCode.md5CheckFailedRemedy': [
    '重新保存并下发航线；检查存储中的文件是否被替换或损坏',
    'Save and dispatch the route again; check that the stored file was not replaced or damaged',
  ],
  'deviceCode.aircraftInitFailed': [
    '飞行器未能为任务完成初始化（等待飞行器就绪超时或失败）',
    'The aircraft could not be made ready for the task (waiting for it timed out or failed)',
  ],
  'deviceCode.aircraftInitFailedRemedy': [
    '检查飞行器是否开机并与机场连接，重启机场后重试',
    'Check that the aircraft is on and linked to the dock; restart the dock, then retry',
  ],
  'deviceCode.uploadToAircraftFailed': [
    '机场未能把航线文件传给飞行器',
    'The dock could not pass the wayline file to the aircraft',
  ],
  'deviceCode.uploadToAircraftFailedRemedy': [
    '稍后重试；如仍失败，请重启机场和飞行器',
    'Retry later; if it keeps failing, restart the dock and the aircraft',
  ],
  'deviceCode.notExecutable': [
    '飞行器任务准备超时：未能在限定时间内进入可执行航线的状态',
    "The aircraft's task preparation timed out: it did not become ready to fly the wayline in time",
  ],
  'deviceCode.notExecutableRemedy': [
    '检查飞行器状态，重启机场后重试',
    "Check the aircraft's state; restart the dock, then retry",
  ],
  'deviceCode.missionOpenFailed': [
    '飞行器未能开启航线任务',
    'The aircraft could not open the wayline mission',
  ],
  'deviceCode.missionOpenFailedRemedy': ['重启机场后重试', 'Restart the dock, then retry'],
  'deviceCode.executionFailed': ['航线任务无法执行', 'The wayline task could not be run'],
  'deviceCode.executionFailedRemedy': [
    '查看机场与飞行器的健康告警，排除后重试',
    "Look at the dock's and the aircraft's health alerts, clear them, then retry",
  ],
  'deviceCode.resultQueryTimeout': ['查询航线执行结果超时', "Asking for the wayline's result timed out"],
  'deviceCode.resultQueryTimeoutRemedy': [
    '查看任务与飞行器的实际状态；未执行则重新下发',
    "Check the task's and the aircraft's actual state; if it did not run, dispatch it again",
  ],
  'deviceCode.preparationFailed': [
    '飞行器任务准备失败，无法执行任务',
    "The aircraft's task preparation failed, so the task cannot run",
  ],
  'deviceCode.preparationFailedRemedy': ['重启机场后重试', 'Restart the dock, then retry'],
  'deviceCode.kmzUrlFailed': [
    '机场未能获取航线文件（KMZ）的下载地址',
    'The dock could not get the download address of the wayline file (KMZ)',
  ],
  'deviceCode.kmzUrlFailedRemedy': [
    '检查航线是否有 KMZ 文件及存储服务是否可用，然后重新下发',
    'Check that the route has its KMZ file and that the storage service is reachable, then dispatch again',
  ],
  'deviceCode.dockSystemError': [
    '机场系统错误（内部故障或通信超时）',
    'A system error of the dock (an internal fault or a communication timeout)',
  ],
  'deviceCode.dockSystemErrorRemedy': [
    '重启机场后重试；如仍出现，请联系技术支持',
    'Restart the dock and retry; if it happens again, contact support',
  ],
  'deviceCode.spotCheckFailed': [
    '机场未能把 AI 精准复拍航线传给飞行器',
    'The dock could not pass the AI spot-check wayline to the aircraft',
  ],
  'deviceCode.spotCheckFailedRemedy': [
    '稍后重试，或重启机场后重试',
    'Retry later, or restart the dock and retry',
  ],
  'deviceCode.rtkPositioningError': ['飞行器 RTK 定位异常', "The aircraft's RTK positioning failed"],
  'deviceCode.rtkPositioningErrorRemedy': [
    '稍后重试，或重启机场后重试',
    'Retry later, or restart the dock and retry',
  ],
  'deviceCode.rtkNotConverged': [
    '飞行器 RTK 数据未能收敛（RTK 未就绪）',
    "The aircraft's RTK fix did not converge (RTK not ready)",
  ],
  'deviceCode.rtkNotConvergedRemedy': [
    '检查 RTK 基站或网络 RTK 设置，重启机场后重试',
    'Check the RTK base station or network RTK settings; restart the dock, then retry',
  ],
  'deviceCode.aircraftMisplaced': [
    '飞行器不在停机坪中央或朝向不正确',
    'The aircraft is not in the middle of the landing pad, or faces the wrong way',
  ],
  'deviceCode.aircraftMisplacedRemedy': [
    '到现场检查飞行器在机场内的位置和朝向',
    "Check the aircraft's position and heading in the dock on site",
  ],
  'deviceCode.breakpointFileFailed': [
    '未能生成断点续飞所用的航线文件',
    'The wayline file for resuming from the break point could not be made',
  ],
  'deviceCode.breakpointFileFailedRemedy': [
    '不带断点重新执行任务',
    'Run the task again without a break point',
  ],
  // 319xxx the dock's task center
  'deviceCode.taskCenterBusy': [
    '机场任务中心不空闲（正在执行任务或上传日志）',
    "The dock's task center is not idle (it is running a task or uploading logs)",
  ],
  'deviceCode.taskCenterBusyRemedy': [
    '等待当前任务或日志上传结束后重试',
    'Wait until the current task or log upload ends, then retry',
  ],
  'deviceCode.taskNotOnDock': ['机场上没有该任务 ID', 'The dock holds no task with this ID'],
  'deviceCode.taskNotOnDockRemedy': [
    '重新下发任务（先准备再执行）',
    'Dispatch the task again (prepare, then execute)',
  ],
  'deviceCode.taskExpired': ['任务已过期，机场不再执行', 'The task has expired, so the dock will not run it'],
  'deviceCode.taskExpiredRemedy': ['重新下发任务', 'Dispatch the task again'],
  'deviceCode.executeTimeout': [
    '执行命令送达机场超时，任务未执行',
    'The execute command reached the dock too late, so the task did not run',
  ],
  'deviceCode.executeTimeoutRemedy': [
    '检查机场网络后重新执行任务',
    "Check the dock's network, then run the task again",
  ],
  'deviceCode.clockNotSynced': [
    '机场与云端时间不同步，机场无法执行任务',
    "The dock's clock is out of step with the cloud's, so the dock cannot run the task",
  ],
  'deviceCode.clockNotSyncedRemedy': [
    '检查机场的网络与校时（NTP）设置，重启机场后重试',
    "Check the dock's network and time (NTP) settings; restart the dock, then retry",
  ],
  'deviceCode.firmwareTooOld': [
    '机场固件版本过低，无法执行该任务',
    "The dock's firmware is too old to run this task",
  ],
  'deviceCode.firmwareTooOldRemedy': [
    '将机场固件升级到最新版本后重试',
    "Update the dock's firmware to the latest version, then retry",
  ],
  'deviceCode.dockStarting': [
    '机场正在启动（初始化或自动重启中）',
    'The dock is starting up (initialising or restarting itself)',
  ],
  'deviceCode.dockStartingRemedy': ['等待机场启动完成后重试', 'Wait until the dock has started, then retry'],
  'deviceCode.anotherTask': ['机场正在执行其他飞行任务', 'The dock is flying another task'],
  'deviceCode.anotherTaskRemedy': [
    '等待当前任务结束，或先结束它',
    'Wait until the current task ends, or end it first',
  ],
  'deviceCode.processingMedia': [
    '机场仍在处理上次任务的媒体文件',
    'The dock is still processing the media of its last task',
  ],
  'deviceCode.processingMediaRemedy': ['稍后重试', 'Retry later'],
  'deviceCode.uploadingLogs': [
    '机场正在获取或上传设备日志',
    'The dock is collecting or uploading device logs',
  ],
  'deviceCode.uploadingLogsRemedy': ['等待日志上传结束后重试', 'Wait until the log upload ends, then retry'],
  'deviceCode.taskPreparing': [
    '机场正在准备另一项任务，不能接收新任务',
    'The dock is preparing another task and cannot take a new one',
  ],
  'deviceCode.taskPreparingRemedy': ['稍后重试', 'Retry later'],
  'deviceCode.onsiteDebug': [
    '机场处于现场调试中，不能执行任务',
    'The dock is being debugged on site and cannot run tasks',
  ],
  'deviceCode.onsiteDebugRemedy': ['结束现场调试后重试', 'Finish the on-site debugging, then retry'],
  'deviceCode.dockUpdating': [
    '设备正在升级固件，不能执行任务',
    'The device is updating its firmware and cannot run tasks',
  ],
  'deviceCode.dockUpdatingRemedy': ['等待升级完成后重试', 'Wait until the update finishes, then retry'],
  // 321xxx-322xxx wayline execution (321000 + break reason)
  'deviceCode.waylineUnknown': ['航线任务出现未知错误', 'An unknown error of the wayline task'],
  'deviceCode.waylineUnknownRemedy': [
    '稍后重试，或重启机场后重试；如仍出现，请联系技术支持',
    'Retry later, or restart the dock and retry; if it happens again, contact support',
  ],
  'deviceCode.fileParseFailed': ['航线文件无法读取或处理', 'The wayline file could not be read or processed'],
  'deviceCode.fileParseFailedRemedy': [
    '检查航线文件（重新导入或重新规划并保存），然后重新下发',
    'Check the wayline file (import or plan and save it again), then dispatch again',
  ],
  'deviceCode.breakpointInvalid': [
    '断点信息缺失或有误（航点序号或进度与航线不符）',
    'The break point is missing or wrong (its waypoint index or progress does not fit the wayline)',
  ],
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
    '当前状态不能中断航线（只有执行中的航线可以暂停）',
    'The wayline cannot be interrupted now (only a wayline in flight can be paused)',
  ],
  'deviceCode.cannotPauseRemedy': [
    '查看飞行器状态；在航线执行中再暂停',
    "Check the aircraft's state; pause while the wayline is being flown",
  ],
  'deviceCode.notStarted': ['航线尚未开始，不能结束', 'The wayline has not started and cannot be ended'],
  'deviceCode.notStartedRemedy': [
    '无需操作；如需取消，请取消未执行的任务',
    'Nothing to do; to drop it, cancel the task that has not started',
  ],
  'deviceCode.notStartedPause': [
    '航线尚未开始，不能暂停',
    'The wayline has not started and cannot be paused',
  ],
  'deviceCode.notStartedPauseRemedy': [
    '无需操作；航线开始后再暂停',
    'Nothing to do; pause once the wayline has started',
  ],
  'deviceCode.altitudeLimit': [
    '航线高度超过飞行器的最大限高',
    "The route is higher than the aircraft's maximum altitude",
  ],
  'deviceCode.altitudeLimitRemedy': [
    '降低航线高度或调整限高设置后重新规划',
    "Lower the route's heights or the altitude limit setting, and plan again",
  ],
  'deviceCode.distanceLimit': [
    '航线起点或终点在缓冲区内，或超出飞行器的最大限远',
    "The route's start or end is in a buffer zone, or beyond the aircraft's maximum distance",
  ],
  'deviceCode.distanceLimitRemedy': [
    '缩短航线或调整限远设置',
    'Shorten the route or change the distance limit setting',
  ],
  'deviceCode.geoZoneCrossing': [
    '航线会穿越限飞区（GEO 区域），无法执行',
    'The route would cross a restricted (GEO) zone, so it cannot be flown',
  ],
  'deviceCode.geoZoneCrossingRemedy': [
    '调整航线避开限飞区，或申请解禁',
    'Move the route away from the restricted zone, or apply for an unlock',
  ],
  'deviceCode.altitudeTooLow': [
    '飞行高度过低，航线已停止',
    'The aircraft flew too low, so the wayline stopped',
  ],
  'deviceCode.altitudeTooLowRemedy': [
    '抬高航线高度后重新执行',
    "Raise the route's heights, then run it again",
  ],
  'deviceCode.obstacle': [
    '飞行器感知到障碍物，航线已停止',
    "The aircraft's obstacle sensing stopped the wayline",
  ],
  'deviceCode.obstacleRemedy': [
    '检查航线附近的障碍物，调整航点位置或高度',
    'Check for obstacles along the route; move or raise the waypoints',
  ],
  'deviceCode.rtkPoor': ['RTK 信号差', 'Poor RTK signal'],
  'deviceCode.rtkPoorRemedy': [
    '检查 RTK 基站与网络 RTK 设置后重试',
    'Check the RTK base station or network RTK settings, then retry',
  ],
  'deviceCode.restrictedZone': [
    '飞行器接近限飞区或到达最大距离，已自动返航，任务未完成',
    'The aircraft came close to a restricted zone or reached its maximum distance and returned by itself; the task is not complete',
  ],
  'deviceCode.restrictedZoneRemedy': [
    '调整航线避开限飞区并留在限远之内，或申请解禁',
    'Move the route away from the restricted zone and within the distance limit, or apply for an unlock',
  ],
  'deviceCode.takeoffFailed': [
    '起飞失败（如起飞请求失败或螺旋桨检测未通过）',
    'The take-off failed (for example, its request failed or the propeller check did not pass)',
  ],
  'deviceCode.takeoffFailedRemedy': [
    '检查螺旋桨（损坏则更换）、机场舱盖和起飞区域后重试',
    "Check the propellers (replace a damaged one), the dock's hatch and the take-off area, then retry",
  ],
  'deviceCode.preflightFailed': [
    '飞行器起飞前准备失败（如无法定位或挡位错误），航线任务请求未成功',
    "The aircraft's pre-flight preparation failed (for example, it could not position itself or is in the wrong mode), so the wayline mission was not accepted",
  ],
  'deviceCode.preflightFailedRemedy': [
    '检查飞行器的定位与挡位后重试',
    "Check the aircraft's positioning and flight mode, then retry",
  ],
  'deviceCode.weakGps': ['飞行器卫星定位信号弱', "The aircraft's satellite positioning signal is weak"],
  'deviceCode.weakGpsRemedy': [
    '等待卫星信号恢复，或重启机场后重试',
    'Wait for the satellite signal to recover, or restart the dock, then retry',
  ],
  'deviceCode.flightModeWrong': [
    '飞行器挡位（飞行模式）不对，无法执行任务（如遥控器不在 N 挡）',
    "The aircraft's flight mode does not allow the task (for example, the remote controller is not in N mode)",
  ],
  'deviceCode.flightModeWrongRemedy': [
    '将遥控器切到 N 挡，或重启机场后重试',
    'Switch the remote controller to N mode, or restart the dock, then retry',
  ],
  'deviceCode.homePointNotSet': [
    '飞行器返航点未设置或未刷新',
    "The aircraft's home point is not set or not refreshed",
  ],
  'deviceCode.homePointNotSetRemedy': ['重启机场后重试', 'Restart the dock, then retry'],
  'deviceCode.lowBatteryReturn': [
    '飞行器电量低，已返航，任务部分完成',
    "The aircraft's battery ran low: it came home and the task is partly done",
  ],
  'deviceCode.lowBatteryReturnRemedy': [
    '充电后从断点续飞',
    'Charge the aircraft, then resume the task from its break point',
  ],
  'deviceCode.signalLost': [
    '执行任务时与飞行器的连接中断',
    'The link to the aircraft was lost during the task',
  ],
  'deviceCode.signalLostRemedy': [
    '在直播画面中确认飞行器是否已返航降落，检查机场的通信链路',
    "Check in the live view that the aircraft has come home, then check the dock's link",
  ],
  'deviceCode.notHovering': [
    '飞行器未处于悬停状态，不能开始航线',
    'The aircraft is not hovering, so the wayline cannot start',
  ],
  'deviceCode.notHoveringRemedy': ['待飞行器悬停后再开始', 'Start again once the aircraft hovers'],
  'deviceCode.propellersSpinning': [
    '飞行器在地面上且螺旋桨已转动（如被遥控器接管），不能开始航线',
    'The aircraft is on the ground with its propellers turning (for example, taken over by a remote controller), so the wayline cannot start',
  ],
  'deviceCode.propellersSpinningRemedy': [
    '停止电机并释放遥控器的控制权后重试',
    "Stop the motors and release the remote controller's control, then retry",
  ],
  'deviceCode.strongWindReturn': [
    '任务中遇到大风，飞行器已紧急返航',
    'Strong wind during the task: the aircraft returned home early',
  ],
  'deviceCode.strongWindReturnRemedy': [
    '等风速降下来后从断点续飞',
    'Wait for the wind to drop, then resume the task from its break point',
  ],
  'deviceCode.userTookControl': [
    '云端用户或遥控器接管了飞行器，任务已停止',
    'A cloud user or a remote controller took control of the aircraft, so the task stopped',
  ],
  'deviceCode.userTookControlRemedy': [
    '如非预期，请确认谁接管了飞行器；需要时从断点续飞',
    'If not intended, find out who took control; resume the task from its break point if needed',
  ],
  'deviceCode.userReturnHome': [
    '用户下达了返航命令，任务未完成',
    'A user sent the aircraft home, so the task is not complete',
  ],
  'deviceCode.userReturnHomeRemedy': ['需要时从断点续飞', 'Resume the task from its break point if needed'],
  // 514xxx dock commands
  'deviceCode.emergencyStop': [
    '机场急停按钮已按下，不能执行任务',
    "The dock's emergency stop button is pressed, so it cannot run tasks",
  ],
  'deviceCode.emergencyStopRemedy': [
    '到现场确认安全并松开急停按钮后重试',
    'Make sure it is safe on site, release the button, then retry',
  ],
  // the simulator's own (316001-316100)
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
    '机场或飞行器存储空间不足，达不到任务的执行条件',
    'Not enough free storage on the dock or the aircraft for the task',
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
