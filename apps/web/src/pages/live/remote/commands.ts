import { type Refusal, type RemoteActionName, translate } from '@aos/contract';
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
    (key: string, action: RemoteActionName, label: string, send: () => Promise<unknown>) => {
      const go = async () => {
        setPending(key);
        try {
          await send();
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
 * A toast when a job of the dock ends: done, or its status and the device's error code (a warning when it
 * was canceled, an error otherwise).
 */
export function useJobToasts(dockSn: string | null) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  useLiveEvent('job', ({ sn, job }) => {
    if (sn !== dockSn || !JOB_FINAL_STATUSES.includes(job.status)) return;
    const name = t(`dockState.jobs.${job.method}`, job.method);
    if (job.status === 'ok') {
      void message.success(t('remote.jobDone', { job: name }));
      return;
    }
    const status = t(`remote.jobStatus.${job.status}`, job.status);
    // canceled: superseded by the operator (a fly-to during take-off, an emergency stop), not a fault
    void (job.status === 'canceled' ? message.warning : message.error)(
      job.result
        ? t('remote.jobFailed', { job: name, status, code: job.result })
        : t('remote.jobFailedNoCode', { job: name, status }),
    );
  });
}
