import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceCommandError, PendingCommands } from './commands.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('pending commands', () => {
  it('settles a command with the reply of its tid from its gateway only', async () => {
    const pending = new PendingCommands();
    const outcome = pending.wait('t1', 'b1', 'DOCK', 'cover_open', 1000);
    expect(pending.settle('OTHER', 't1', { result: 0 })).toBe(false);
    expect(pending.settle('DOCK', 't2', { result: 0 })).toBe(false);
    expect(pending.settle('DOCK', 't1', { result: 0, output: { status: 'ok' } })).toBe(true);
    await expect(outcome).resolves.toEqual({ tid: 't1', bid: 'b1', output: { status: 'ok' } });
    expect(pending.settle('DOCK', 't1', { result: 0 })).toBe(false);
    expect(pending.size).toBe(0);
  });

  it('rejects with the device code, on timeout, and when failed', async () => {
    vi.useFakeTimers();
    const pending = new PendingCommands();
    const rejected = pending.wait('t1', 'b', 'DOCK', 'drone_open', 1000).catch((error: unknown) => error);
    pending.settle('DOCK', 't1', { result: 321000, output: { reason: 'x' } });
    expect(await rejected).toMatchObject({ reason: 'rejected', result: 321000, output: { reason: 'x' } });

    const late = pending.wait('t2', 'b', 'DOCK', 'cover_close', 1000).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(999);
    expect(pending.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await late).toMatchObject({
      reason: 'timeout',
      message: 'cover_close to DOCK: no reply within 1000 ms',
    });

    const closing = pending.wait('t3', 'b', 'DOCK', 'x', 1000).catch((error: unknown) => error);
    pending.failAll(new DeviceCommandError('unavailable', 'closed'));
    expect(await closing).toMatchObject({ reason: 'unavailable' });
    expect(pending.size).toBe(0);
  });
});
