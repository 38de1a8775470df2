import { randomUUID } from 'node:crypto';
import {
  type DeviceMessage,
  DeviceMessageSchema,
  type DeviceUplinkKind,
  parseDeviceTopic,
} from '@aos/contract';

export type Decoded =
  | { ok: true; sn: string; kind: DeviceUplinkKind; message: DeviceMessage }
  | { ok: false; reason: 'topic' | 'json' | 'envelope'; detail: string };

/** Payloads above this size are refused unread: no message of the protocol comes near it. */
export const MAX_PAYLOAD_BYTES = 256 * 1024;

/**
 * Read a device → cloud message: the topic must be one of the protocol's uplink topics, the payload a JSON
 * object with the envelope (`tid`, `bid`, `timestamp`, ...). The payload's `data` is checked later, against
 * the schema of its topic and method, once the device is known.
 */
export function decodeMessage(topic: string, payload: Buffer): Decoded {
  const parsed = parseDeviceTopic(topic);
  if (!parsed || !parsed.uplink) return { ok: false, reason: 'topic', detail: topic };
  if (payload.length > MAX_PAYLOAD_BYTES) {
    return { ok: false, reason: 'json', detail: `${payload.length} bytes` };
  }
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch (error) {
    return { ok: false, reason: 'json', detail: (error as Error).message };
  }
  const envelope = DeviceMessageSchema.safeParse(json);
  if (!envelope.success) {
    return { ok: false, reason: 'envelope', detail: envelope.error.issues[0]?.message ?? 'invalid' };
  }
  return { ok: true, sn: parsed.sn, kind: parsed.kind as DeviceUplinkKind, message: envelope.data };
}

/** A new cloud → device message with a fresh tid (and bid unless the job already has one). */
export function newMessage(method: string, data: unknown, bid: string = randomUUID()): DeviceMessage {
  return { tid: randomUUID(), bid, timestamp: Date.now(), method, data };
}

/** The reply to a device's message: same tid, bid and method, `data: {result, output?}`. */
export function replyTo(message: DeviceMessage, result: number, output?: unknown): DeviceMessage {
  return {
    tid: message.tid,
    bid: message.bid,
    timestamp: Date.now(),
    ...(message.method ? { method: message.method } : {}),
    data: output === undefined ? { result } : { result, output },
  };
}

export function encodeMessage(message: DeviceMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}
