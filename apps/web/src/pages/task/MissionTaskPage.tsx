import { TASK_CODES } from './codes';
import { TaskManager } from './TaskManager';

/** /route-mission/task (menu mission_task): the task manager with the mission menu's buttons. */
export default function MissionTaskPage() {
  return <TaskManager codes={TASK_CODES.mission_task} />;
}
