import { describe, expect, it } from 'vitest';
import { DEVICE_MODELS } from '../fleet/device-models.js';
import { CAMERAS, cameraById, cameraForModel, cameraForPayloadEnum, cameraForRoute } from './camera.js';
import { gsd } from './planning/photo.js';

describe('payload camera catalogue', () => {
  it('maps catalogue models and WPML payload enum values to their mapping camera', () => {
    expect(cameraForModel('dji-m3e')?.id).toBe('m3e-wide');
    expect(cameraForModel('dji-m30-camera')?.id).toBe('m30-wide');
    expect(cameraForModel('dji-p1')?.id).toBe('p1-35mm');
    expect(cameraForModel('dji-m350')).toBeUndefined(); // no built-in camera: the payload says which
    expect(cameraForPayloadEnum(50)?.id).toBe('p1-35mm');
    expect(cameraForPayloadEnum(90742)?.id).toBe('l1-rgb');
    expect(cameraForPayloadEnum(12345)).toBeUndefined();
    // a route names its aircraft and payload: the payload's camera first, else the aircraft's own
    expect(cameraForRoute('dji-m350', 'dji-p1')?.id).toBe('p1-35mm');
    expect(cameraForRoute('dji-m3td', null)?.id).toBe('m3td-wide');
    expect(cameraForRoute('dji-m350', 'dji-h30')).toBeUndefined();
  });

  it('names only models of the device catalogue, with distinct ids and enum values', () => {
    const ids = new Set(DEVICE_MODELS.map((model) => model.id));
    for (const camera of CAMERAS) for (const id of camera.modelIds) expect(ids.has(id), id).toBe(true);
    expect(new Set(CAMERAS.map((camera) => camera.id)).size).toBe(CAMERAS.length);
    expect(new Set(CAMERAS.map((camera) => camera.payloadEnumValue)).size).toBe(CAMERAS.length);
    // a payload model's enum value is the catalogue's own type
    for (const model of DEVICE_MODELS.filter((entry) => entry.kind === 'payload')) {
      const camera = cameraForModel(model.id);
      if (camera) expect(camera.payloadEnumValue, model.id).toBe(model.type);
    }
  });

  it('agrees with the makers’ stated ground sample distances', () => {
    // DJI states GSD = H/80 cm for the P1 with its 35 mm lens: 1.25 cm at 100 m
    expect(gsd(100, cameraById('p1-35mm')!)).toBeCloseTo(1.25, 2);
    // DJI states H/36.5 cm for the Mavic 3E (2.74 cm at 100 m); the sensor's own figures give 2.67 cm,
    // within 3 % (DJI rounds its sensor width and focal length)
    const m3e = gsd(100, cameraById('m3e-wide')!);
    expect(m3e).toBeCloseTo(2.666, 3);
    expect(Math.abs(m3e - 100 / 36.5) / (100 / 36.5)).toBeLessThan(0.03);
  });
});
