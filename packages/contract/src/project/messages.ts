/** Messages of the project area, zh-CN then en-US. */
export const messages = {
  'project.state.notStarted': ['未开始', 'Not started'],
  'project.state.inProgress': ['进行中', 'In progress'],
  'project.type': ['请选择项目类型', 'choose the project type'],
  'project.industryType': ['请选择行业类型', 'choose the industry type'],
  'project.state': ['项目状态须为 0 或 1', 'the project state must be 0 or 1'],
  'project.timeRange': ['结束时间不能早于开始时间', 'the end time cannot be before the start time'],
  'project.longitude': ['经度须在 -180 至 180 之间', 'the longitude must be between −180 and 180'],
  'project.latitude': ['纬度须在 -90 至 90 之间', 'the latitude must be between −90 and 90'],
  'project.centerBoth': [
    '中心点须同时填写经度和纬度',
    'the centre point needs both a longitude and a latitude',
  ],
  'project.dept': ['团队不存在', 'no such team'],
  'project.user': ['用户不存在', 'no such user'],
  'project.machine': ['设备不存在', 'no such device'],
  'project.machineKind': [
    '设备类型须为 dock、aircraft、payload 或 dataLink',
    'the machine kind must be dock, aircraft, payload or dataLink',
  ],
  'project.role': ['请选择项目角色', 'choose the role in the project'],
  'project.project': ['项目不存在', 'no such project'],
  'project.file': ['附件不存在', 'no such file'],
  'project.reportTemplate': ['巡检报告模板尚不可用', 'inspection report templates are not available yet'],
  'project.nameTaken': ['项目名称已存在', 'a project of that name exists'],
  'project.notManager': [
    '只有项目管理员或负责人可以管理成员和设备',
    'only the project’s administrators and leader manage its members and machines',
  ],
  'project.removeTasks': [
    '项目还有未结束的任务：{tasks}，请先结束或删除这些任务',
    'the project still has tasks not finished: {tasks}; end or remove them first',
  ],
  'project.role.1': ['项目管理员', 'Project administrator'],
  'project.role.2': ['飞手', 'Pilot'],
  'project.role.3': ['成员', 'Member'],
} as const;
