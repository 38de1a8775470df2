import { describe, expect, it } from 'vitest';
import { HttpError, TransportError } from '../../api/http';
import { formField, readRefusal, STEPS } from './refusal';

const refused = (data: unknown, message = 'refused') =>
  new HttpError(message, 400, { code: 400, success: false, data, msg: message }, true);

describe('a refused task submit', () => {
  it('asks to confirm the 3-hour advice, however the server names it', () => {
    expect(readRefusal(refused({ errors: { confirmSpacing: 'task.spacing' } }))).toEqual({
      kind: 'spacing',
      message: 'task.spacing',
    });
    expect(readRefusal(refused({ confirmSpacing: true, close: [] }))).toEqual({
      kind: 'spacing',
      message: null,
    });
  });

  it('puts the server’s field errors on the form’s fields, and goes to the first step holding one', () => {
    expect(
      readRefusal(
        refused({ errors: { 'schedule.at': 'task.schedule.dateTime', hangarId: 'task.hangarOffline' } }),
      ),
    ).toEqual({
      kind: 'fields',
      fields: [
        { field: 'at', message: 'task.schedule.dateTime' },
        { field: 'hangarId', message: 'task.hangarOffline' },
      ],
      step: STEPS.indexOf('dock'),
    });
    expect(readRefusal(refused({ errors: { name: 'validation.required' } }))).toMatchObject({
      step: STEPS.indexOf('type'),
    });
    expect(formField('schedule.times.1')).toBe('times');
    expect(formField('schedule')).toBe('mode');
    expect(formField('routeId')).toBe('routeId');
  });

  it('shows any other refusal’s message, and none for a transport failure', () => {
    expect(readRefusal(refused(null, 'Hangar information not found'))).toEqual({
      kind: 'other',
      message: 'Hangar information not found',
    });
    expect(readRefusal(new TransportError('network error'))).toEqual({ kind: 'other', message: null });
  });
});
