// @vitest-environment happy-dom
import type { DeviceCredential } from '@aos/contract';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrudActions } from '../../../components/crud/types';
import type { IssuedCredential } from './CredentialDialog';
import { issuedBy, useCredential } from './useCredential';

interface ConfirmConfig {
  title: string;
  content: string;
  okButtonProps: Record<string, unknown>;
  onOk: () => Promise<void>;
}

const message = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
const modal = vi.hoisted(() => ({ confirm: vi.fn<(config: ConfirmConfig) => void>() }));
const shown = vi.hoisted(() => ({ credential: undefined as IssuedCredential | undefined }));
vi.mock('antd', () => ({
  App: { useApp: () => ({ message, modal }) },
  Button: ({ children, onClick }: { children: ReactNode; onClick: () => void }) => (
    <button onClick={onClick}>{children}</button>
  ),
}));
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, string>) => (values ? `t:${key}:${values.name}` : `t:${key}`),
  }),
}));
vi.mock('./CredentialDialog', () => ({
  CredentialDialog: ({ credential }: { credential: IssuedCredential | undefined }) => {
    shown.credential = credential;
    return null;
  },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Dock {
  id: string;
  name: string;
  credential?: DeviceCredential;
}

const issued: DeviceCredential = {
  serialNumber: 'SN-1',
  username: 'dev-0123456789abcdef',
  password: 'p'.repeat(24),
};
const dock: Dock = { id: '7', name: 'Dock 7' };

let root: Root;
let container: HTMLDivElement;
let credential: ReturnType<typeof useCredential<Dock>>;
const submit = vi.fn<(values: Record<string, unknown>) => Promise<Dock>>();
const reset = vi.fn<(id: string) => Promise<DeviceCredential>>();
const base = { submit };

function Probe() {
  credential = useCredential<Dock>(base, reset);
  return (
    <>
      {credential.resetButton(dock, actions)}
      {credential.dialog}
    </>
  );
}

const actions = { refresh: vi.fn() } as unknown as CrudActions<Dock> & { refresh: ReturnType<typeof vi.fn> };

/** Clicks the row's reset button and answers the confirmation with OK. */
async function resetAndConfirm() {
  act(() => container.querySelector('button')!.click());
  const config = modal.confirm.mock.lastCall![0];
  await act(() => config.onOk());
  return config;
}

describe('issuedBy', () => {
  it('names the credentials after what was saved', () => {
    expect(issuedBy({ name: 'Dock 7', credential: issued })).toEqual({ ...issued, name: 'Dock 7' });
  });

  it('finds none in an answer without credentials (an update)', () => {
    expect(issuedBy({ name: 'Dock 7' })).toBeUndefined();
  });
});

describe('useCredential', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    shown.credential = undefined;
    container = document.createElement('div');
    root = createRoot(container);
    act(() => root.render(<Probe />));
  });
  afterEach(() => act(() => root.unmount()));

  it('shows the credentials an add answered, and hands the answer on unchanged', async () => {
    const saved = { ...dock, credential: issued };
    submit.mockResolvedValue(saved);
    let answer: Dock | undefined;
    await act(async () => {
      answer = await credential.api.submit!({ name: 'Dock 7' });
    });
    expect(answer).toBe(saved);
    expect(shown.credential).toEqual({ ...issued, name: 'Dock 7' });
  });

  it('shows nothing after an update', async () => {
    submit.mockResolvedValue(dock);
    await act(() => credential.api.submit!({ id: '7', name: 'Dock 7' }));
    expect(shown.credential).toBeUndefined();
  });

  it('asks before a reset, naming the row, with a dangerous OK', () => {
    act(() => container.querySelector('button')!.click());
    expect(container.textContent).toBe('t:device.credential.reset');
    const config = modal.confirm.mock.lastCall![0];
    expect(config.title).toBe('t:device.credential.resetTitle');
    expect(config.content).toBe('t:device.credential.resetConfirm:Dock 7');
    expect(config.okButtonProps).toEqual({ danger: true, 'data-testid': 'confirm-reset' });
    expect(reset).not.toHaveBeenCalled();
  });

  it('shows the new credentials with the row name once the reset is confirmed, and refreshes the table', async () => {
    reset.mockResolvedValue(issued);
    await resetAndConfirm();
    expect(reset).toHaveBeenCalledWith('7');
    expect(shown.credential).toEqual({ ...issued, name: 'Dock 7' });
    expect(actions.refresh).toHaveBeenCalledOnce();
  });

  it('shows no credentials and keeps the table when the reset fails', async () => {
    reset.mockRejectedValue(new Error('offline'));
    await resetAndConfirm();
    expect(shown.credential).toBeUndefined();
    expect(actions.refresh).not.toHaveBeenCalled();
    expect(message.error).toHaveBeenCalledWith('t:common.operationFailed');
  });
});
