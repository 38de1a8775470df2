import { describe, expect, it } from 'vitest';
import { publishAccess, subscribeAccess } from './acl.js';

const serials = new Set(['DOCK', 'DRONE']);

describe('device topic authorization', () => {
  it('lets a device publish its device → cloud topics and subscribe its cloud → device topics', () => {
    for (const topic of [
      'sys/product/DOCK/status',
      'thing/product/DOCK/osd',
      'thing/product/DRONE/osd',
      'thing/product/DOCK/state',
      'thing/product/DOCK/services_reply',
      'thing/product/DOCK/events',
      'thing/product/DOCK/requests',
    ]) {
      expect(publishAccess(serials, topic), topic).toBe('allowed');
      expect(subscribeAccess(serials, topic), topic).toBe('refused');
    }
    for (const topic of [
      'sys/product/DOCK/status_reply',
      'thing/product/DOCK/services',
      'thing/product/DRONE/services',
      'thing/product/DOCK/events_reply',
      'thing/product/DOCK/requests_reply',
    ]) {
      expect(subscribeAccess(serials, topic), topic).toBe('allowed');
      expect(publishAccess(serials, topic), topic).toBe('refused');
    }
  });

  it('tells another serial number apart from a topic outside the protocol', () => {
    expect(publishAccess(serials, 'thing/product/OTHER/osd')).toBe('unknown-serial');
    expect(subscribeAccess(serials, 'thing/product/OTHER/services')).toBe('unknown-serial');
    for (const topic of [
      'thing/product/+/services',
      'thing/product/#',
      '#',
      '$share/g/thing/product/DOCK/services',
      '$SYS/broker/clients',
      'thing/product/DOCK/services/extra',
      'sys/product/DOCK/services',
      'anything',
    ]) {
      expect(subscribeAccess(serials, topic), topic).toBe('refused');
      expect(publishAccess(serials, topic), topic).toBe('refused');
    }
  });
});
