import { parseDeviceTopic } from '@aos/contract';

/**
 * Topic authorization on the embedded broker. A device publishes only device → cloud topics and subscribes
 * only cloud → device topics, each naming one of `serials`: its own serial number, and for a dock the drones
 * bound to it (a dock publishes its drone's OSD on `thing/product/{drone_sn}/osd`). Nothing else passes:
 * no wildcards (a filter like `thing/product/+/osd` would read every device), no `$share/` or `$SYS/`, no
 * topic outside the protocol.
 */
export type TopicAccess = 'allowed' | 'unknown-serial' | 'refused';

export function publishAccess(serials: ReadonlySet<string>, topic: string): TopicAccess {
  return access(serials, topic, true);
}

export function subscribeAccess(serials: ReadonlySet<string>, topic: string): TopicAccess {
  return access(serials, topic, false);
}

/**
 * 'unknown-serial' when the topic is right in every way but names a serial number not in `serials`: the
 * caller may re-read a dock's bound drones (a drone bound since the dock connected) and ask again.
 */
function access(serials: ReadonlySet<string>, topic: string, uplink: boolean): TopicAccess {
  const parsed = parseDeviceTopic(topic);
  if (!parsed || parsed.uplink !== uplink) return 'refused';
  return serials.has(parsed.sn) ? 'allowed' : 'unknown-serial';
}
