import type { DeviceCredential } from '@aos/contract';
import { App, Button, type ButtonProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import type { CrudActions } from '../../../components/crud/types';
import { useAction } from '../../../components/useAction';
import { CredentialDialog, type IssuedCredential } from './CredentialDialog';
import './locale';

/** A row of a register with MQTT credentials (a device, a dock); the dialog and the confirmation name it. */
interface Registered {
  id: string;
  name: string;
}

/** The credentials a save answered, named after what was saved; none when it answered none (an update). */
export function issuedBy(saved: {
  name: string;
  credential?: DeviceCredential;
}): IssuedCredential | undefined {
  return saved.credential ? { ...saved.credential, name: saved.name } : undefined;
}

/**
 * The MQTT credentials of a register (devices, docks), which the server answers only once: `api` is the
 * register's calls with a save that opens the credential dialog when it added one, `resetButton` a row
 * action that issues new ones after a confirmation, `dialog` the dialog to render beside the page.
 */
export function useCredential<T extends Registered>(
  base: CrudApi<T> & { submit: NonNullable<CrudApi<T>['submit']> },
  reset: (id: string) => Promise<DeviceCredential>,
) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { run } = useAction();
  const [credential, setCredential] = useState<IssuedCredential>();

  const api = useMemo<CrudApi<T>>(() => {
    const catchIssued = (saved: T) => {
      const issued = issuedBy(saved as T & { credential?: DeviceCredential });
      if (issued) setCredential(issued);
      return saved;
    };
    return { ...base, submit: (values) => base.submit(values).then(catchIssued) };
  }, [base]);

  const confirmReset = (record: T, actions: CrudActions<T>) =>
    modal.confirm({
      title: t('device.credential.resetTitle'),
      content: t('device.credential.resetConfirm', { name: record.name }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-reset' } as ButtonProps,
      onOk: () =>
        run(() => reset(record.id), {
          onDone: (issued) => {
            setCredential({ ...issued, name: record.name });
            actions.refresh();
          },
        }),
    });

  const resetButton = (record: T, actions: CrudActions<T>) => (
    <Button
      type="link"
      size="small"
      data-testid="row-reset-credential"
      onClick={() => confirmReset(record, actions)}
    >
      {t('device.credential.reset')}
    </Button>
  );

  const dialog = <CredentialDialog credential={credential} onClose={() => setCredential(undefined)} />;
  return { api, resetButton, dialog };
}
