import type { Task } from '@aos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../components/useAction';
import { cancelHangarTask, closeTask, executeNow, pauseTask, resumeTask } from './api';

/** The operator's commands on a task, confirmed, with the task's lists refreshed after. */
export function useTaskCommands() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const action = useAction();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['crud', 'project_task'] });
    void queryClient.invalidateQueries({ queryKey: ['crud', 'mission_task'] });
    void queryClient.invalidateQueries({ queryKey: ['task'] });
    void queryClient.invalidateQueries({ queryKey: ['task-calendar'] });
  };
  const confirm = (kind: 'close' | 'cancel' | 'execute', task: Pick<Task, 'id' | 'name'>) => {
    const call = { close: closeTask, cancel: cancelHangarTask, execute: executeNow }[kind];
    modal.confirm({
      title: t(`taskManager.commands.${kind}`),
      content: t(`taskManager.commands.${kind}Confirm`, { name: task.name }),
      okButtonProps: { danger: kind !== 'execute', 'data-testid': 'confirm-task-command' } as never,
      onOk: () =>
        action.run(() => call(task.id), {
          success: t(`taskManager.commands.${kind}Done`, { name: task.name }),
          onDone: refresh,
        }),
    });
  };
  /** pause or resume at once: nothing is lost either way */
  const steer = (kind: 'pause' | 'resume', task: Pick<Task, 'id' | 'name'>) =>
    void action.run(() => (kind === 'pause' ? pauseTask : resumeTask)(task.id), {
      success: t(`taskManager.commands.${kind}Done`, { name: task.name }),
      onDone: refresh,
    });
  return { busy: action.busy, confirm, steer };
}
