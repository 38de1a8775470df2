import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../api/http';

/** What to say and do around an action; given to `useAction` for every run, or to `run` for one. */
export interface ActionOptions<T = unknown> {
  /** The toast when the action succeeds (translated text); none when left out. */
  success?: string;
  /** The toast when it fails and the HTTP layer has not shown one already; "operation failed" by default. */
  failure?: string;
  /** After the success toast: close a dialog, refresh a table. Awaited; a failure here is the action's. */
  onDone?: (result: T) => unknown;
  /** Before the failure toast, for what else a failure changes (the server's field errors on a form). */
  onError?: (error: unknown) => void;
}

/**
 * One user action against the server (save, grant, send, delete): `busy` while it runs, the success toast
 * and `onDone` after it, the failure toast unless the HTTP layer already showed the server's message
 * (spec §8). `run` never rejects, so it can be handed to a confirm dialog or an upload as it is.
 */
export function useAction(defaults: ActionOptions = {}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async <T>(work: () => Promise<T>, options: ActionOptions<T> = {}): Promise<void> => {
    const { success, failure, onDone, onError }: ActionOptions<T> = { ...defaults, ...options };
    setBusy(true);
    try {
      const result = await work();
      if (success) message.success(success);
      await onDone?.(result);
    } catch (error) {
      onError?.(error);
      if (!(error instanceof HttpError && error.shown)) message.error(failure ?? t('common.operationFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
