import { type ControlResult, type Refusal, type RemoteActionName, translate } from '@aos/contract';
import { JOB_FINAL_STATUSES, REMOTE_ACTIONS } from '@aos/contract/rules';
import { App, type ButtonProps } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TransportError } from '../../../api/http';
import { useLiveEvent } from '../../../live/store';
import { useSession } from '../../../store/session';

/**
 * Why a control is disabled, in the user's language: the same message key the server would answer with
 * (messages/device.ts); the busy job's method is named the way the dock panel names it.
 */
export function useRefusalText(): (refusal: Refusal | null) => string | null {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  return useCallback(
    (refusal) => {
      if (!refusal) return null;
      const params = { ...refusal.params };
      if (params.job) params.job = t(`dockState.jobs.${params.job}`, params.job);
      return translate(language, refusal.key, params);
    },
    [language, t],
  );
}

/** How many command ids the console remembers (the latest; a session sends far fewer between two ends). */
const REMEMBERED_COMMANDS = 200;

/** A set of the latest ids: the oldest is forgotten past REMEMBERED_COMMANDS. */
function recentIds() {
  const ids = new Set<string>();
  return {
    has: (id: string) => ids.has(id),
    add(id: string) {
      ids.delete(id);
      ids.add(id);
      if (ids.size > REMEMBERED_COMMANDS) ids.delete(ids.values().next().value!);
    },
  };
}

/**
 * The bids of the commands this console sent: how they end comes to the user's room as
 * `remoteControl.commandEnded` (useJobToasts), so their job frames need no toast of their own, whether the
 * job's last frame comes before or after that event.
 */
const ownCommands = recentIds();
/**
 * The jobs and commands whose end was shown: one toast each, however often and in whatever order the end is
 * heard (a job frame and the command's end, another tab of the same user having sent it, a second instance).
 */
const endedCommands = recentIds();

/**
 * Send commands: one at a time per control (its key is `pending` meanwhile), the actions REMOTE_ACTIONS
 * marks dangerous after a confirmation. A refusal or a device error is shown by the HTTP layer with the server's message; a
 * network failure, which it leaves silent, is shown here.
 */
export function useCommand() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [pending, setPending] = useState<string | null>(null);

  const run = useCallback(
    (key: string, action: RemoteActionName, label: string, send: () => Promise<ControlResult>) => {
      const go = async () => {
        setPending(key);
        try {
          ownCommands.add((await send()).bid);
          void message.success(t('remote.sent', { action: label }));
        } catch (error) {
          if (error instanceof TransportError) void message.error(t('common.requestFailed'));
        } finally {
          setPending(null);
        }
      };
      if (!REMOTE_ACTIONS[action].dangerous) return void go();
      modal.confirm({
        title: t('remote.confirmTitle', { action: label }),
        content: t('remote.confirmBody'),
        okText: t('remote.confirmOk'),
        cancelText: t('common.cancel'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
        cancelButtonProps: { 'data-testid': 'confirm-cancel' } as ButtonProps,
        onOk: go,
      });
    },
    [message, modal, t],
  );

  return { pending, run };
}

/**
 * A toast when a job of the dock ends (done, or its status and the device's error code: a warning when it
 * was canceled or timed out, an error otherwise), and when a command of this user ends
 * (`remoteControl.commandEnded`, pushed to the user's room): its long job's end, or "done" for a command
 * accepted at once. A command the device refused or did not answer was already shown by the call's answer.
 */
export function useJobToasts(dockSn: string | null) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const show = (name: string, status: string, result: number | null) => {
    if (status === 'ok' || status === 'accepted') {
      void message.success(t('remote.jobDone', { job: name }));
      return;
    }
    const text = t(`remote.jobStatus.${status}`, status);
    // canceled: superseded by the operator (a fly-to during take-off, an emergency stop), not a fault
    void (status === 'canceled' || status === 'timeout' ? message.warning : message.error)(
      result
        ? t('remote.jobFailed', { job: name, status: text, code: result })
        : t('remote.jobFailedNoCode', { job: name, status: text }),
    );
  };
  useLiveEvent('job', ({ sn, job }) => {
    if (sn !== dockSn || !JOB_FINAL_STATUSES.includes(job.status)) return;
    if (ownCommands.has(job.bid) || endedCommands.has(job.bid)) return;
    endedCommands.add(job.bid);
    show(t(`dockState.jobs.${job.method}`, job.method), job.status, job.result);
  });
  useLiveEvent('remoteControl.commandEnded', (ended) => {
    ownCommands.add(ended.bid);
    if ((!ended.job && ended.outcome !== 'ok') || endedCommands.has(ended.bid)) return;
    endedCommands.add(ended.bid);
    const name = ended.job
      ? t(`dockState.jobs.${ended.job}`, ended.job)
      : t(`remote.actions.${ended.action}`, ended.action);
    show(name, ended.status, ended.result);
  });
}
