import { defineArea, type Services } from '../../area.js';
import { task, taskCodeSequence, taskExecution, taskNotice, taskTimeline } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import { TaskDispatch } from './task.dispatch.js';
import { TaskFollow } from './task.follow.js';
import taskRoutes from './task.routes.js';
import { TaskService } from './task.service.js';

declare module '../../area.js' {
  /** the task area's */
  interface Services {
    /** tasks, their executions and timelines, the operator commands */
    tasks: TaskService;
    /** starting executions over the device link, following their progress, the minute's timer */
    taskDispatch: TaskDispatch;
    /** flight tasks (remote controller) followed from their aircraft's telemetry: take-off and landing */
    taskFollow: TaskFollow;
  }
}

function buildServices(
  platform: Platform,
  services: Services,
): Pick<Services, 'tasks' | 'taskDispatch' | 'taskFollow'> {
  const tasks = new TaskService(services, platform.config.TIME_ZONE);
  const taskFollow = new TaskFollow(
    platform.database.db,
    services.telemetryWriter,
    platform.log.child({ module: 'task-follow' }),
    Date.now,
    platform.live,
  );
  const taskDispatch = new TaskDispatch(
    platform.database.db,
    platform.deviceLink,
    platform.live,
    platform.scheduler,
    { ...services, tasks, taskFollow },
    platform.log.child({ module: 'task' }),
  );
  tasks.useDispatcher(taskDispatch);
  return { tasks, taskDispatch, taskFollow };
}

/**
 * Tasks (spec §3 Task, §4 statuses, §7 project-task, taskextra, mission-plan; issue 17; docs/task.md): records,
 * schedules in the dock's zone, executions created once per occurrence by the scheduler, the status machine by
 * compare-and-set, and dispatch to docks over the device link.
 */
export default defineArea({
  name: 'task',
  needs: ['route', 'fleet', 'telemetry', 'resource', 'project'],
  services: buildServices,
  subscribe: (_events, { taskDispatch, taskFollow }, { deviceLink }) => {
    taskDispatch.attach();
    taskFollow.attach(deviceLink);
  },
  jobs: (_scheduler, { taskDispatch }) => taskDispatch.define(),
  routes: [taskRoutes],
  tables: [task, taskCodeSequence, taskExecution, taskTimeline, taskNotice],
  permissions: [
    'project_task',
    'project_task_add',
    'project_task_edit',
    'project_task_delete',
    'task_assign',
    'task_close',
    'task_cancel_hangar',
    'task_execute_manual',
    'task_timeline',
    'mission_task',
    'mission_task_add',
    'mission_task_edit',
    'mission_task_delete',
    'mission_task_assign',
    'mission_task_close',
  ],
});
