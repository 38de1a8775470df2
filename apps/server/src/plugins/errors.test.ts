import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nulPath, validatorCompiler, withoutEmptyValues } from './errors.js';

describe('empty query values', () => {
  it('drops empty values and empty entries of repeated parameters, keeping everything else', () => {
    expect(
      withoutEmptyValues({ deptId: '', account: 'ada', current: '1', tags: ['', 'x', ''], none: [''] }),
    ).toEqual({ account: 'ada', current: '1', tags: ['x'] });
    expect(withoutEmptyValues({ name: ' ', zero: '0' })).toEqual({ name: ' ', zero: '0' });
    expect(withoutEmptyValues(undefined)).toBeUndefined();
  });

  it('treats an empty query value as absent, but leaves a body as it came', () => {
    const schema = z.object({
      deptId: z.string().regex(/^\d+$/).optional(),
      size: z.coerce.number().default(10),
    });
    const query = validatorCompiler({ schema, httpPart: 'querystring' })({ deptId: '', size: '' });
    expect(query).toEqual({ value: { size: 10 } });
    const body = validatorCompiler({ schema, httpPart: 'body' })({ deptId: '' });
    expect(body).toHaveProperty('error');
  });

  it('makes an empty required value a "required" issue (no input), not a format error', () => {
    const schema = z.object({ id: z.string().regex(/^\d+$/) });
    const result = validatorCompiler({ schema, httpPart: 'querystring' })({ id: '' }) as {
      error: { issues: Array<{ code: string; input?: unknown }> };
    };
    expect(result.error.issues).toMatchObject([{ code: 'invalid_type', input: undefined }]);
  });
});

describe('NUL in input', () => {
  it('is found at any depth, in values and keys, and refused naming its field before the schema runs', () => {
    expect(nulPath({ name: 'ok', items: [{ remark: 'a\u0000b' }] })).toEqual(['items', 0, 'remark']);
    expect(nulPath({ 'ke\u0000y': 'x' })).toEqual(['key']);
    expect(nulPath({ name: 'tab\tand \u0001 are text' })).toBeNull();
    const schema = z.object({ name: z.string() });
    const result = validatorCompiler({ schema, httpPart: 'body' })({ name: 'a\u0000' }) as {
      error: { issues: Array<{ path: unknown[]; message: string }> };
    };
    expect(result.error.issues).toMatchObject([{ path: ['name'], message: 'validation.nul' }]);
  });
});
