// @vitest-environment happy-dom
import type * as Antd from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useJobToasts } from './commands';

type Handler = (data: never) => void;
const heard = vi.hoisted(() => new Map<string, Handler>());
const message = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), error: vi.fn() }));

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('../../../live/store', () => ({
  useLiveEvent: (event: string, handler: Handler) => heard.set(event, handler),
}));
vi.mock('antd', async (original) => {
  const antd = await original<typeof Antd>();
  return { ...antd, App: Object.assign(antd.App, { useApp: () => ({ message }) }) };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Toasts() {
  useJobToasts('DOCK');
  return null;
}

const hear = (event: string, data: unknown) => act(() => heard.get(event)!(data as never));
const jobEnded = (bid: string) =>
  hear('job', { sn: 'DOCK', job: { bid, method: 'takeoff_to_point', status: 'ok', result: null } });
const commandEnded = (bid: string) =>
  hear('remoteControl.commandEnded', {
    bid,
    action: 'takeoff',
    sn: 'DRONE',
    job: 'takeoff_to_point',
    outcome: 'ok',
    status: 'ok',
    result: null,
  });

let root: Root;
beforeEach(() => {
  vi.clearAllMocks();
  root = createRoot(document.createElement('div'));
  act(() => root.render(<Toasts />));
});
afterEach(() => act(() => root.unmount()));

describe('useJobToasts', () => {
  it('shows the end of this user’s long command once, whichever comes first: its job frame or its end', async () => {
    commandEnded('bid-1');
    jobEnded('bid-1');
    jobEnded('bid-2'); // a job this tab did not send, on the same dock
    expect(message.success).toHaveBeenCalledTimes(2);
    commandEnded('bid-2'); // this user's, sent from another tab: its job frame was shown already
    commandEnded('bid-1'); // heard again (a second instance, a reconnect)
    expect(message.success).toHaveBeenCalledTimes(2);
  });

  it('says why a job failed, with the device’s code', () => {
    hear('job', {
      sn: 'DOCK',
      job: { bid: 'bid-3', method: 'cover_open', status: 'failed', result: 316001 },
    });
    hear('job', { sn: 'OTHER', job: { bid: 'bid-4', method: 'cover_open', status: 'failed', result: 1 } });
    expect(message.error).toHaveBeenCalledTimes(1);
    expect(message.error).toHaveBeenCalledWith('remote.jobFailed');
  });
});
