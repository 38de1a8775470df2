// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { dockIcon, droneIcon } from './deviceIcons';

describe('device icons', () => {
  it('never lets decluttering drop a dock: only its label may give way', () => {
    expect(dockIcon('#1677ff').getDeclutterMode()).toBe('obstacle');
  });

  it('turns a drone to its heading (DJI: 0 north, clockwise), with the view', () => {
    const icon = droneIcon('#13c2c2', 90);
    expect(icon.getRotation()).toBeCloseTo(Math.PI / 2);
    expect(icon.getRotateWithView()).toBe(true);
  });
});
