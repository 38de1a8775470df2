/**
 * The button codes of the two menus that share the task screens (design/MENUS.md; contract system/menus.ts):
 * project_task has close, cancel-hangar, execute-manual and timeline buttons of its own; mission_task only
 * its renamed close (mission_task_close), so there cancelling a hangar task is the close button's and flying
 * now the edit button's, and the timeline comes with the view button.
 */
export interface TaskCodes {
  /** the menu code: `<code>_add`, `_edit`, `_delete`, `_view` */
  menu: 'project_task' | 'mission_task';
  close: string;
  cancel: string;
  execute: string;
  timeline: string;
  /** give the task to an operator */
  assign: string;
}

export const TASK_CODES: Record<TaskCodes['menu'], TaskCodes> = {
  project_task: {
    menu: 'project_task',
    close: 'task_close',
    cancel: 'task_cancel_hangar',
    execute: 'task_execute_manual',
    timeline: 'task_timeline',
    assign: 'task_assign',
  },
  mission_task: {
    menu: 'mission_task',
    close: 'mission_task_close',
    cancel: 'mission_task_close',
    execute: 'mission_task_edit',
    timeline: 'mission_task_view',
    assign: 'mission_task_assign',
  },
};
