import { describe, expect, it } from 'vitest';
import { queueOptions, sendOptions } from './options.js';

describe('scheduler options', () => {
  it('queue defaults: 2 retries 30 s apart, 15 minutes expiry, standard policy', () => {
    expect(queueOptions({})).toEqual({
      policy: 'standard',
      retryLimit: 2,
      retryDelay: 30,
      retryBackoff: false,
      expireInSeconds: 900,
    });
  });

  it('refuses options pg-boss would refuse or misread, naming the option', () => {
    expect(() => queueOptions({ retryLimit: -1 })).toThrow(/retryLimit/);
    expect(() => queueOptions({ retryDelaySeconds: 1.5 })).toThrow(/retryDelaySeconds/);
    expect(() => queueOptions({ expireInSeconds: 86_400 })).toThrow(/expireInSeconds/);
    expect(() => queueOptions({ concurrency: 0 })).toThrow(/concurrency/);
    expect(() => queueOptions({ pollMs: 50 })).toThrow(/pollMs/);
    expect(() => queueOptions({ pollMs: 250.5 })).toThrow(/pollMs/);
    expect(queueOptions({ pollMs: 250 }).policy).toBe('standard');
    expect(() => sendOptions({ singletonSeconds: 0 })).toThrow(/singletonSeconds/);
    expect(() => sendOptions({ priority: 0.5 })).toThrow(/priority/);
    expect(() => sendOptions({ startAfter: -1 })).toThrow(/startAfter/);
  });

  it('send options leave out what was not given (pg-boss refuses a present but undefined retryLimit)', () => {
    expect(sendOptions({})).toEqual({});
    const startAfter = new Date();
    expect(sendOptions({ startAfter, singletonKey: 'k', retryLimit: undefined })).toEqual({
      startAfter,
      singletonKey: 'k',
    });
  });
});
