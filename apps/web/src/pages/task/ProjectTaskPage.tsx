import { TASK_CODES } from './codes';
import { TaskManager } from './TaskManager';

/** /project/task (menu project_task): the task manager with the project menu's buttons. */
export default function ProjectTaskPage() {
  return <TaskManager codes={TASK_CODES.project_task} />;
}
