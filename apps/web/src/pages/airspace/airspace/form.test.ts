import type { Airspace } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { HttpError, fieldErrors } from '../../../api/http';
import { fromForm, toForm, windowQuery, withFieldErrorsOnFields } from './form';

const record = {
  id: '11',
  aircraftId: null,
  uavAirportIds: '7',
  takeoffPositions: [[116.4, 39.9]],
  attachFiles: [{ id: '5', name: 'approval.pdf', link: '/files/a.pdf' }],
  attachIds: '5',
} as unknown as Airspace;

describe('airspace form values', () => {
  it('turns the window filter into windowStart and windowEnd, either end open', () => {
    expect(windowQuery({ name: 'a', window: '2030-01-01 00:00:00~2030-01-02 00:00:00' })).toEqual({
      name: 'a',
      windowStart: '2030-01-01 00:00:00',
      windowEnd: '2030-01-02 00:00:00',
    });
    expect(windowQuery({ window: '~2030-01-02 00:00:00' })).toEqual({ windowEnd: '2030-01-02 00:00:00' });
    expect(windowQuery({ current: 1 })).toEqual({ current: 1 });
  });

  it('holds files as a list and positions as texts, and sends ids and numbers back', () => {
    const form = toForm(record);
    expect(form.attachIds).toEqual(record.attachFiles);
    expect(form.takeoffPositions).toEqual(['116.400000,39.900000']);
    expect(fromForm({ ...form, takeoffPositions: ['116.5,40'], aircraftId: '' }, record)).toMatchObject({
      id: '11',
      aircraftId: null,
      uavAirportIds: '7',
      attachIds: '5',
      takeoffPositions: [[116.5, 40]],
    });
    expect(fromForm({ name: 'new' }, undefined)).toMatchObject({ attachIds: '', takeoffPositions: [] });
  });

  it('names the form field of a refusal that names a nested one', async () => {
    const refusal = new HttpError(
      'bad',
      400,
      {
        code: 400,
        data: { errors: { 'geometry.radius': 'radius cannot be less than 5', 'takeoffPositions.0': 'x' } },
      },
      true,
    );
    const caught = await withFieldErrorsOnFields(() => Promise.reject(refusal)).catch(
      (error: unknown) => error,
    );
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).shown).toBe(true);
    expect(fieldErrors(caught)).toEqual({ geometry: 'radius cannot be less than 5', takeoffPositions: 'x' });
  });
});
