import type { ScreenEntries } from '../screen-entry';

/** The task manager: menus project_task (/project/task) and mission_task (/route-mission/task). */
export default {
  project_task: () => import('./ProjectTaskPage'),
  mission_task: () => import('./MissionTaskPage'),
} satisfies ScreenEntries;
