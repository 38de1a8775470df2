// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../api/http';
import { type ActionOptions, useAction } from './useAction';

const message = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('antd', () => ({ App: { useApp: () => ({ message }) } }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let action: ReturnType<typeof useAction>;

function Probe({ options }: { options?: ActionOptions }) {
  action = useAction(options);
  return null;
}

function mount(options?: ActionOptions) {
  act(() => root.render(<Probe options={options} />));
}

function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<string>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('useAction', () => {
  beforeEach(() => {
    message.success.mockClear();
    message.error.mockClear();
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => act(() => root.unmount()));

  it('shows the success toast, then calls onDone with the result', async () => {
    const order: string[] = [];
    message.success.mockImplementation(() => order.push('toast'));
    const onDone = vi.fn(() => order.push('done'));
    mount({ success: 'saved', onDone });
    await act(() => action.run(async () => 'result'));
    expect(message.success).toHaveBeenCalledWith('saved');
    expect(onDone).toHaveBeenCalledWith('result');
    expect(order).toEqual(['toast', 'done']);
    expect(message.error).not.toHaveBeenCalled();
  });

  it('is busy while the action runs, and not after', async () => {
    mount();
    expect(action.busy).toBe(false);
    const work = deferred();
    let running!: Promise<void>;
    act(() => {
      running = action.run(() => work.promise);
    });
    expect(action.busy).toBe(true);
    await act(async () => {
      work.resolve('ok');
      await running;
    });
    expect(action.busy).toBe(false);
  });

  it('adds no second toast when the HTTP layer already showed the failure', async () => {
    const onDone = vi.fn();
    const onError = vi.fn();
    mount({ success: 'saved', failure: 'save failed', onDone, onError });
    const error = new HttpError('name taken', 400, {}, true);
    await act(() => action.run(() => Promise.reject(error)));
    expect(message.error).not.toHaveBeenCalled();
    expect(message.success).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(error);
    expect(action.busy).toBe(false);
  });

  it('shows the failure toast when nothing was shown yet (a silent status, a timeout)', async () => {
    mount({ failure: 'save failed' });
    await act(() => action.run(() => Promise.reject(new HttpError('', 403, {}, false))));
    expect(message.error).toHaveBeenCalledWith('save failed');
    message.error.mockClear();
    await act(() => action.run(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(message.error).toHaveBeenCalledWith('save failed');
  });

  it('says "operation failed" when no failure text is given', async () => {
    mount();
    await act(() => action.run(() => Promise.reject(new Error('boom'))));
    expect(message.error).toHaveBeenCalledWith('t:common.operationFailed');
  });

  it('counts a failing onDone as a failure of the action', async () => {
    mount({ onDone: () => Promise.reject(new Error('refresh failed')) });
    await act(() => action.run(async () => 'ok'));
    expect(message.error).toHaveBeenCalledWith('t:common.operationFailed');
    expect(action.busy).toBe(false);
  });

  it('lets one run override the texts and callbacks', async () => {
    const defaultDone = vi.fn();
    const done = vi.fn();
    mount({ success: 'added', onDone: defaultDone });
    await act(() => action.run(async () => 1, { success: 'updated', onDone: done }));
    expect(message.success).toHaveBeenCalledWith('updated');
    expect(done).toHaveBeenCalledWith(1);
    expect(defaultDone).not.toHaveBeenCalled();
  });
});
