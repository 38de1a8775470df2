import { describe, expect, it } from 'vitest';
import { decodeMessage, MAX_PAYLOAD_BYTES, replyTo } from './codec.js';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const message = { tid: 't', bid: 'b', timestamp: 1, method: 'update_topo', data: {} };

describe('device message codec', () => {
  it('reads an uplink message with its device and kind', () => {
    expect(decodeMessage('sys/product/DOCK/status', json(message))).toEqual({
      ok: true,
      sn: 'DOCK',
      kind: 'status',
      message,
    });
  });

  it('says why a message is refused', () => {
    expect(decodeMessage('thing/product/DOCK/services', json(message))).toMatchObject({
      ok: false,
      reason: 'topic',
    });
    expect(decodeMessage('thing/product/a.b/osd', json(message))).toMatchObject({
      ok: false,
      reason: 'topic',
    });
    expect(decodeMessage('thing/product/DOCK/osd', Buffer.from('{'))).toMatchObject({
      ok: false,
      reason: 'json',
    });
    expect(decodeMessage('thing/product/DOCK/osd', json([1]))).toMatchObject({
      ok: false,
      reason: 'envelope',
    });
    expect(decodeMessage('thing/product/DOCK/osd', json({ ...message, timestamp: 'now' }))).toMatchObject({
      ok: false,
      reason: 'envelope',
    });
    const huge = Buffer.alloc(MAX_PAYLOAD_BYTES + 1, 32);
    expect(decodeMessage('thing/product/DOCK/osd', huge)).toMatchObject({ ok: false, reason: 'json' });
  });

  it('replies with the same tid, bid and method', () => {
    expect(replyTo(message, 0)).toMatchObject({
      tid: 't',
      bid: 'b',
      method: 'update_topo',
      data: { result: 0 },
    });
    expect(replyTo({ ...message, method: undefined }, 1, { x: 1 })).toMatchObject({
      data: { result: 1, output: { x: 1 } },
    });
  });
});
