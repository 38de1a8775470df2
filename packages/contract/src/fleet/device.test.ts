import { describe, expect, it } from 'vitest';
import { splitIds } from '../common/schemas.js';
import {
  alternatePairError,
  DEVICE_TYPE_OF_KIND,
  DEVICE_MODELS,
  DeviceSubmit,
  deviceModel,
  DockBasicSetSubmit,
  DockSubmit,
  isImageLink,
  isStreamUrl,
  kindOfDeviceType,
  modelKey,
  SERIAL_NUMBER_PATTERN,
  ultraLowBatteryError,
} from '../index.js';

describe('equipment rules', () => {
  it('wants the alternate landing point as a pair, naming the missing coordinate', () => {
    expect(alternatePairError(undefined, undefined)).toBeUndefined();
    expect(alternatePairError(null, '')).toBeUndefined();
    expect(alternatePairError(113.9, 22.5)).toBeUndefined();
    expect(alternatePairError(0, 0)).toBeUndefined();
    expect(alternatePairError(113.9, null)).toBe('alternateLatitude');
    expect(alternatePairError(undefined, 22.5)).toBe('alternateLongitude');
  });

  it('keeps the ultra-low battery threshold strictly below the low one, comparing only valid percentages', () => {
    expect(ultraLowBatteryError(30, 20)).toBeUndefined();
    expect(ultraLowBatteryError(30, 30)).toBe('fleet.ultraLowBelowLow');
    expect(ultraLowBatteryError(20, 30)).toBe('fleet.ultraLowBelowLow');
    expect(ultraLowBatteryError(-1, 30)).toBeUndefined();
    expect(ultraLowBatteryError(undefined, 30)).toBeUndefined();
  });

  it('accepts stream addresses a player can open and serial numbers a topic can hold', () => {
    for (const url of [
      'rtmp://live.example.com/app/stream',
      'rtsp://10.0.0.2:554/ch1',
      'https://cdn.example.com/a.m3u8',
      'http://cdn.example.com/a.flv',
      'webrtc://live.example.com/app/stream',
    ]) {
      expect(isStreamUrl(url), url).toBe(true);
    }
    for (const url of ['ftp://x/y', 'rtmp://', 'javascript:alert(1)', 'rtmp:// host/x']) {
      expect(isStreamUrl(url), url).toBe(false);
    }
    expect(SERIAL_NUMBER_PATTERN.test('1581F5FHD22000A1')).toBe(true);
    for (const sn of ['a/b', 'a+b', 'a#', 'a b', '', 'x'.repeat(65)])
      expect(SERIAL_NUMBER_PATTERN.test(sn), sn).toBe(false);
    expect(isImageLink('/files/000000/20240101/912169450854137856-AbCdEfGhIjKlMnOpQrStUv.png')).toBe(true);
    expect(isImageLink('/files/../secret.png')).toBe(false);
    expect(splitIds(' 1, 2,,1 ')).toEqual(['1', '2']);
  });
});

describe('model catalogue', () => {
  it('has unique ids and DJI keys, and kinds that match device types', () => {
    expect(new Set(DEVICE_MODELS.map((model) => model.id)).size).toBe(DEVICE_MODELS.length);
    expect(new Set(DEVICE_MODELS.map(modelKey)).size).toBe(DEVICE_MODELS.length);
    for (const model of DEVICE_MODELS) {
      expect(model.deviceType, model.id).toBe(DEVICE_TYPE_OF_KIND[model.kind]);
      expect(kindOfDeviceType(model.deviceType), model.id).toBe(model.kind);
      expect(model.hangarType === null, model.id).toBe(model.kind !== 'dock');
    }
    expect(modelKey(deviceModel('dji-m30t')!)).toBe('0-67-1');
    expect(modelKey(deviceModel('dji-dock2')!)).toBe('3-2-0');
    expect(deviceModel('generic-vtol-dock')!.hangarType).toBe(2);
    expect(deviceModel('nothing')).toBeUndefined();
  });
});

describe('equipment schemas', () => {
  it('applies the dock settings rules wherever the settings are entered', () => {
    const dock = { name: 'D', type: 1, serialNumber: 'SN1', modelId: 'dji-dock' };
    expect(DockSubmit.parse(dock)).toMatchObject({ lowBattery: 30, ultraLowBattery: 20, visible: 1 });
    const paths = (result: { error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
      result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths(DockSubmit.safeParse({ ...dock, lowBattery: 10 }))).toEqual(['ultraLowBattery']);
    expect(paths(DockSubmit.safeParse({ ...dock, alternateLongitude: 1 }))).toEqual(['alternateLatitude']);
    const settings = {
      hangarId: '1',
      safeLandHeight: 30,
      lowBattery: 30,
      ultraLowBattery: 30,
      rthAltitude: 100,
      outOfControlAction: 0,
    };
    expect(paths(DockBasicSetSubmit.safeParse(settings))).toEqual(['ultraLowBattery']);
    expect(
      paths(DockBasicSetSubmit.safeParse({ ...settings, ultraLowBattery: 5, alternateLatitude: 2 })),
    ).toEqual(['alternateLongitude']);
  });

  it('exposes every submit field for per-field checks in the console', () => {
    expect(Object.keys(DeviceSubmit.shape)).toContain('payloadIds');
    expect(Object.keys(DockSubmit.shape)).toContain('streamOutside');
    expect(DeviceSubmit.shape.power.safeParse(undefined).success).toBe(true);
    expect(DeviceSubmit.shape.power.safeParse(-5).error?.issues[0]?.message).toBe('fleet.power');
  });
});
