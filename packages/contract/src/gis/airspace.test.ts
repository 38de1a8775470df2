import { describe, expect, it } from 'vitest';
import { CivilAirportSubmit, UavAirportBind } from './airport.js';
import { AIRSPACE_EDITABLE, AIRSPACE_TRANSITIONS, AirspaceSubmit } from './airspace.js';

const issues = (
  schema: {
    safeParse: (value: unknown) => {
      success: boolean;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
    };
  },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const application = {
  name: 'Survey',
  serialNumber: '1581F6ABC',
  model: 'M3TD',
  registrationNumber: 'UAS-1',
  contactPerson: 'Li',
  phone: '010-12345678',
  startTime: '2026-12-01 08:00:00',
  endTime: '2026-12-01 18:00:00',
  taskNature: '2',
  ceiling: '120',
  geometry: { type: 'Circle', center: [116, 39], radius: 500 },
};

describe('airspace application rules (spec §3, §5)', () => {
  it('accepts a complete application, reading numbers and id lists as forms send them', () => {
    const parsed = AirspaceSubmit.parse({
      ...application,
      uavAirportIds: '12, 13,,12',
      attachIds: ['14'],
      aircraftId: '',
    });
    expect(parsed).toMatchObject({
      taskNature: 2,
      ceiling: 120,
      uavAirportIds: ['12', '13'],
      attachIds: ['14'],
      aircraftId: null,
    });
  });

  it('requires serial number, model and real-name registration number, with their own messages', () => {
    expect(
      issues(AirspaceSubmit, { ...application, serialNumber: ' ', model: '', registrationNumber: '' }),
    ).toEqual([
      'serialNumber: gis.airspaceSerialNumber',
      'model: gis.airspaceModel',
      'registrationNumber: gis.airspaceRegistration',
    ]);
  });

  it('applies the spec phone rule, start before end, and a ceiling above 0', () => {
    expect(issues(AirspaceSubmit, { ...application, phone: '' })).toEqual([
      'phone: validation.phoneEmptyError',
    ]);
    expect(issues(AirspaceSubmit, { ...application, phone: '123' })).toEqual([
      'phone: validation.phoneFormatError',
    ]);
    expect(issues(AirspaceSubmit, { ...application, endTime: application.startTime })).toEqual([
      'endTime: validation.timeOrder',
    ]);
    for (const ceiling of [0, -1, '', null, 'high'])
      expect(issues(AirspaceSubmit, { ...application, ceiling }), String(ceiling)).toEqual([
        'ceiling: gis.ceilingPositive',
      ]);
    expect(issues(AirspaceSubmit, { ...application, ceiling: 20_000 })).toEqual(['ceiling: gis.ceilingMax']);
  });

  it('takes a polygon or a circle as the range, nothing else', () => {
    expect(
      issues(AirspaceSubmit, { ...application, geometry: { type: 'Point', coordinates: [116, 39] } }),
    ).toEqual(['geometry.type: gis.areaType']);
  });

  it('moves only forward: apply from a draft, approve or reject what was submitted; drafts and rejections are editable', () => {
    expect(AIRSPACE_TRANSITIONS).toEqual({
      apply: { from: ['draft'], to: 'submitted' },
      approve: { from: ['submitted'], to: 'approved' },
      reject: { from: ['submitted'], to: 'rejected' },
    });
    expect(AIRSPACE_EDITABLE).toEqual(['draft', 'rejected']);
  });
});

describe('airport and takeoff point rules', () => {
  it('upper-cases the codes and refuses malformed ones', () => {
    const airport = {
      name: 'Capital',
      icaoCode: 'zbaa',
      iataCode: 'pek',
      runwayStartLongitude: 116.59,
      runwayStartLatitude: 40.09,
      runwayEndLongitude: 116.6,
      runwayEndLatitude: 40.06,
      runwayWidth: 60,
      elevation: 35,
      heightLimit: 120,
    };
    expect(CivilAirportSubmit.parse(airport)).toMatchObject({ icaoCode: 'ZBAA', iataCode: 'PEK' });
    expect(CivilAirportSubmit.parse({ ...airport, iataCode: '' }).iataCode).toBe('');
    expect(
      issues(CivilAirportSubmit, { ...airport, icaoCode: 'ZBA', iataCode: 'PEKX', heightLimit: 0 }),
    ).toEqual(['icaoCode: gis.icaoCode', 'iataCode: gis.iataCode', 'heightLimit: gis.heightLimit']);
  });

  it('binds drones by id list, none meaning unbind all', () => {
    expect(UavAirportBind.parse({ id: '5', droneIds: '' })).toEqual({ id: '5', droneIds: [] });
    expect(issues(UavAirportBind, { id: '5', droneIds: 'x' })).toEqual(['droneIds.0: validation.id']);
  });
});
