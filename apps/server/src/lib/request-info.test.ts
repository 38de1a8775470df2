import { describe, expect, it } from 'vitest';
import { whereThrown } from './request-info.js';

describe('whereThrown', () => {
  it('names the first frame of our own code, not node or a dependency', () => {
    const stack = [
      'Error: boom',
      '    at Object.query (/app/node_modules/pg/lib/client.js:526:17)',
      '    at node:internal/process/task_queues:95:5',
      '    at PostService.submit (/app/apps/server/src/modules/system/post.service.ts:31:11)',
      '    at file:///app/apps/server/src/app.ts:12:3',
    ].join('\n');
    expect(whereThrown(stack)).toEqual({
      fileName: '/app/apps/server/src/modules/system/post.service.ts',
      lineNumber: 31,
    });
  });

  it('falls back to the first frame, or nothing', () => {
    expect(whereThrown('Error: x\n    at node:internal/timers:1:2')).toEqual({
      fileName: 'node:internal/timers',
      lineNumber: 1,
    });
    expect(whereThrown(undefined)).toEqual({ fileName: null, lineNumber: null });
  });
});
