import { describe, expect, it } from 'vitest';
import { GIMBAL_LIMITS, SimCamera } from './camera.js';
import { parseCli } from './cli-args.js';
import { SIM_RESULT } from './codes.js';
import { seededRandom } from './random.js';
import { Scheduler, Stopped } from './scheduler.js';
import { findFfmpeg, VideoServer } from './video.js';
import { Weather } from './weather.js';

describe('weather', () => {
  it('drifts within bounds, reproducibly for a seed', () => {
    const weather = new Weather({ random: seededRandom(7) });
    const twin = new Weather({ random: seededRandom(7) });
    const winds = new Set<number>();
    for (let step = 0; step < 2000; step += 1) {
      weather.step(5);
      twin.step(5);
      const reading = weather.reading();
      winds.add(reading.wind_speed);
      expect(reading.wind_speed).toBeGreaterThanOrEqual(0);
      expect(reading.wind_speed).toBeLessThanOrEqual(14);
      expect(reading.rainfall).toBeGreaterThanOrEqual(0);
      expect(reading.rainfall).toBeLessThanOrEqual(3);
      expect(reading.humidity).toBeGreaterThanOrEqual(20);
      expect(reading.humidity).toBeLessThanOrEqual(95);
      expect(Math.abs(reading.temperature - 22)).toBeLessThan(10);
    }
    expect(winds.size).toBeGreaterThan(10);
    expect(twin.reading()).toEqual(weather.reading());
  });

  it('reports the heavy-rain and flood faults', () => {
    const weather = new Weather({ random: seededRandom(1) });
    expect(weather.reading().flood_state).toBe(0);
    weather.flood = true;
    weather.heavyRain = true;
    expect(weather.reading()).toMatchObject({ flood_state: 1, rainfall: 3 });
    expect(weather.reading().wind_speed).toBeGreaterThanOrEqual(9);
  });
});

describe('camera', () => {
  it('drags the gimbal for one second, within its limits', () => {
    const camera = new SimCamera('81-0-0');
    expect(
      camera.handle('camera_screen_drag', { payload_index: '81-0-0', pitch_speed: -30, yaw_speed: 20 })
        .result,
    ).toBe(0);
    camera.step(0.5);
    expect(camera.pitch).toBeCloseTo(-15);
    camera.step(5);
    expect(camera.pitch).toBeCloseTo(-30);
    expect(camera.yaw).toBeCloseTo(20);
    camera.handle('camera_screen_drag', { pitch_speed: -90, yaw_speed: 90 });
    camera.step(1);
    expect(camera.pitch).toBe(GIMBAL_LIMITS.pitchMin);
    expect(camera.yaw).toBe(GIMBAL_LIMITS.yawMax);
    camera.handle('gimbal_reset', { reset_mode: 0 });
    expect([camera.pitch, camera.yaw]).toEqual([0, 0]);
    camera.handle('gimbal_reset', { reset_mode: 1 });
    expect(camera.pitch).toBe(-90);
  });

  it('zooms, switches lens and mode, records once at a time, and refuses another payload', () => {
    const camera = new SimCamera('81-0-0');
    expect(camera.handle('camera_focal_length_set', { zoom_factor: 10 }).result).toBe(0);
    expect(camera.handle('camera_focal_length_set', {}).result).toBe(SIM_RESULT.INVALID_PARAMETER);
    expect(camera.handle('live_lens_change', { video_type: 'ir' }).result).toBe(0);
    expect(camera.handle('live_lens_change', { video_type: 'x-ray' }).result).toBe(
      SIM_RESULT.INVALID_PARAMETER,
    );
    expect(camera.handle('camera_recording_start', {}).result).toBe(0);
    expect(camera.handle('camera_recording_start', {}).result).toBe(SIM_RESULT.ALREADY);
    expect(camera.handle('camera_photo_take', { payload_index: '99-0-0' }).result).toBe(
      SIM_RESULT.NO_SUCH_PAYLOAD,
    );
    const osd = camera.osd();
    expect(osd.cameras[0]).toMatchObject({ zoom_factor: 10, lens: 'ir', recording_state: 1, camera_mode: 1 });
    expect(osd.payloads[0]).toMatchObject({ payload_index: '81-0-0', zoom_factor: 10 });
    expect(camera.handle('camera_recording_stop', {}).result).toBe(0);
    expect(camera.handle('camera_mode_switch', { camera_mode: 0 }).result).toBe(0);
    expect(camera.osd().cameras[0]).toMatchObject({ recording_state: 0, camera_mode: 0 });
  });
});

describe('scheduler', () => {
  it('scales simulated durations and ends pending sleeps on stop', async () => {
    const scheduler = new Scheduler(0.05);
    expect(scheduler.real(15_000)).toBe(750);
    await scheduler.sleep(20);
    const pending = scheduler.sleep(60_000);
    scheduler.stop();
    await expect(pending).rejects.toBeInstanceOf(Stopped);
    expect(() => new Scheduler(0)).toThrow(RangeError);
  });
});

describe('command line', () => {
  it('reads the options and refuses bad values', () => {
    const options = parseCli([
      '--docks',
      '5',
      '--prefix',
      'LAB',
      '--offline-after',
      '60',
      '--refuse',
      '--flood',
    ]);
    expect(options).toMatchObject({
      docks: 5,
      prefix: 'LAB',
      offlineAfter: 60,
      offlineFor: 30,
      refuse: true,
      flood: true,
      url: 'mqtt://127.0.0.1:1884',
      password: 'Admin@123',
    });
    expect(parseCli(['--help']).help).toBe(true);
    expect(() => parseCli(['--docks', 'many'])).toThrow(/--docks/);
    expect(() => parseCli(['--prefix', 'a/b'])).toThrow(/--prefix/);
    expect(() => parseCli(['--bogus'])).toThrow();
  });

  it('reads the wayline faults', () => {
    const options = parseCli([
      '--wind',
      '13',
      '--refuse-prepare',
      '314000',
      '--fail-at',
      '2:321513',
      '--link-lost-at',
      '3:20',
      '--battery',
      '27',
    ]);
    expect(options).toMatchObject({
      wind: 13,
      refusePrepare: 314000,
      failAt: { waypoint: 2, code: 321513 },
      linkLostAt: { waypoint: 3, seconds: 20 },
      battery: 27,
    });
    expect(() => parseCli(['--fail-at', '2'])).toThrow(/fail-at/);
    expect(() => parseCli(['--battery', '120'])).toThrow(/battery/);
  });
});

describe('video', () => {
  it('reports the streams absent without ffmpeg', async () => {
    expect(findFfmpeg({ PATH: '' })).toBeNull();
    const video = new VideoServer({ streams: ['D1-inside', 'D1-outside'], ffmpeg: null });
    const streams = await video.start();
    expect(streams).toEqual([
      { name: 'D1-inside', available: false, reason: 'ffmpeg is not installed' },
      { name: 'D1-outside', available: false, reason: 'ffmpeg is not installed' },
    ]);
    await video.stop();
  });
});
