import { describe, expect, it } from 'vitest';
import {
  DeviceMessageSchema,
  deviceTopic,
  deviceTopicFilter,
  DockOsdSchema,
  DroneOsdSchema,
  isJobEventMethod,
  JobEventSchema,
  parseDeviceTopic,
  ServiceReplySchema,
  UpdateTopoSchema,
} from '../index.js';

describe('device topics', () => {
  it('builds the sys and thing topics of a device', () => {
    expect(deviceTopic('DOCK1', 'status')).toBe('sys/product/DOCK1/status');
    expect(deviceTopic('DOCK1', 'status_reply')).toBe('sys/product/DOCK1/status_reply');
    expect(deviceTopic('DOCK1', 'osd')).toBe('thing/product/DOCK1/osd');
    expect(deviceTopic('DOCK1', 'services_reply')).toBe('thing/product/DOCK1/services_reply');
    expect(deviceTopicFilter('events')).toBe('thing/product/+/events');
  });

  it('parses every topic it builds, with its direction', () => {
    expect(parseDeviceTopic('thing/product/1581F6-x_1/osd')).toEqual({
      sn: '1581F6-x_1',
      kind: 'osd',
      uplink: true,
    });
    expect(parseDeviceTopic('sys/product/D/status_reply')).toEqual({
      sn: 'D',
      kind: 'status_reply',
      uplink: false,
    });
    expect(parseDeviceTopic('thing/product/D/services')?.uplink).toBe(false);
  });

  it('refuses what is not a topic of the protocol', () => {
    for (const topic of [
      'thing/product/D/status',
      'sys/product/D/osd',
      'thing/product/D/unknown',
      'thing/product/+/osd',
      'thing/product/#',
      'thing/product/D/osd/extra',
      'thing/device/D/osd',
      '$share/aos/thing/product/D/osd',
      'thing/product//osd',
      'thing/product/a b/osd',
    ]) {
      expect(parseDeviceTopic(topic), topic).toBeNull();
    }
  });
});

describe('device messages', () => {
  const envelope = { tid: 't1', bid: 'b1', timestamp: 1_700_000_000_000 };

  it('reads the envelope and keeps unknown fields', () => {
    const parsed = DeviceMessageSchema.parse({ ...envelope, method: 'x', need_reply: 1, vendor: 'y' });
    expect(parsed).toMatchObject({ method: 'x', need_reply: 1, vendor: 'y' });
    expect(DeviceMessageSchema.safeParse({ ...envelope, tid: 3 }).success).toBe(false);
    expect(DeviceMessageSchema.safeParse({ bid: 'b', timestamp: 1 }).success).toBe(false);
  });

  it('reads update_topo with DJI string domains and an empty sub-device list', () => {
    const topo = UpdateTopoSchema.parse({
      domain: '3',
      type: 2,
      sub_type: 0,
      sub_devices: [{ sn: '1581F6Q', domain: '0', type: 91, sub_type: 1, index: 'A' }],
    });
    expect(topo.domain).toBe(3);
    expect(topo.sub_devices[0]).toMatchObject({ sn: '1581F6Q', domain: 0, index: 'A' });
    expect(UpdateTopoSchema.parse({ type: 2, sub_type: 0, sub_devices: [] }).sub_devices).toEqual([]);
    expect(UpdateTopoSchema.safeParse({ type: 2, sub_type: 0 }).success).toBe(false);
    expect(
      UpdateTopoSchema.safeParse({ type: 2, sub_type: 0, sub_devices: [{ sn: 'a/b', type: 1, sub_type: 0 }] })
        .success,
    ).toBe(false);
  });

  it('reads partial OSD leniently but wants numbers where numbers are', () => {
    expect(DockOsdSchema.parse({ cover_state: 1, vendor_field: 'x' })).toEqual({
      cover_state: 1,
      vendor_field: 'x',
    });
    expect(DockOsdSchema.safeParse({ cover_state: 'open' }).success).toBe(false);
    expect(DockOsdSchema.safeParse({ drone_charge_state: { capacity_percent: '90' } }).success).toBe(false);
    const drone = DroneOsdSchema.parse({
      latitude: 22.5,
      battery: { capacity_percent: 80 },
      payloads: [{ payload_index: '52-0-0', gimbal_pitch: -30 }],
    });
    expect(drone.payloads?.[0]?.payload_index).toBe('52-0-0');
    expect(DroneOsdSchema.safeParse({ latitude: '22.5' }).success).toBe(false);
  });

  it('reads service replies and job progress events', () => {
    expect(ServiceReplySchema.parse({ result: 0, output: { status: 'ok' } }).result).toBe(0);
    expect(ServiceReplySchema.safeParse({ output: {} }).success).toBe(false);
    const progress = JobEventSchema.parse({
      result: 0,
      output: {
        status: 'in_progress',
        progress: { percent: 40, current_step: 2, total_steps: 5, step_key: 'x' },
      },
    });
    expect(progress.output.progress?.percent).toBe(40);
    expect(JobEventSchema.safeParse({ output: { status: 'done' } }).success).toBe(false);
    expect(isJobEventMethod('cover_open')).toBe(true);
    expect(isJobEventMethod('flighttask_progress')).toBe(true);
    expect(isJobEventMethod('hms')).toBe(false);
  });
});
