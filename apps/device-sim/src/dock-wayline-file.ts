import { createHash, randomUUID } from 'node:crypto';
import type { DeviceMessage } from '@aos/contract';
import { FLIGHT, SIM_RESULT, WAYLINE_RESULT } from './codes.js';
import type { SimDock } from './dock.js';
import { record, RESOURCE_GET_METHOD, text, waylineTasks } from './dock-wayline-state.js';

/** How long the dock waits for the cloud's answer to `flighttask_resource_get`, real ms. */
const RESOURCE_TIMEOUT_MS = 5_000;

/**
 * The file at `url`, checked against its fingerprint; an expired link (403, 404, 410) is asked again from the
 * cloud with `flighttask_resource_get` and tried once more.
 */
export async function fetchWayline(
  dock: SimDock,
  flightId: string,
  url: string,
  fingerprint: string,
): Promise<{ data: Buffer; fingerprint: string } | { result: number }> {
  let got = await download(dock, url);
  let expected = fingerprint;
  if ('expired' in got && got.expired) {
    const fresh = await resourceGet(dock, flightId).catch(() => null);
    if (!fresh) return { result: SIM_RESULT.WAYLINE_DOWNLOAD_FAILED };
    expected = fresh.fingerprint ?? expected;
    got = await download(dock, fresh.url);
  }
  if (!('data' in got)) return { result: SIM_RESULT.WAYLINE_DOWNLOAD_FAILED };
  const md5 = createHash('md5').update(got.data).digest('hex');
  if (md5 !== expected) return { result: WAYLINE_RESULT.MD5_CHECK_FAILED };
  return { data: got.data, fingerprint: md5 };
}

/** An HTTP(S) GET of at most FLIGHT.maxWaylineBytes. */
async function download(dock: SimDock, url: string): Promise<{ data: Buffer } | { expired: boolean }> {
  let address: URL;
  try {
    address = new URL(url, dock.runtime.apiUrl);
  } catch {
    return { expired: false };
  }
  if (address.protocol !== 'http:' && address.protocol !== 'https:') return { expired: false };
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(FLIGHT.downloadTimeoutMs) });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { expired: [403, 404, 410].includes(response.status) };
    }
    if (Number(response.headers.get('content-length') ?? 0) > FLIGHT.maxWaylineBytes) {
      await response.body.cancel();
      return { expired: false };
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.length;
      if (size > FLIGHT.maxWaylineBytes) {
        await reader.cancel();
        return { expired: false };
      }
      chunks.push(part.value);
    }
    return { data: Buffer.concat(chunks) };
  } catch {
    return { expired: false };
  }
}

/** Ask the cloud for the task's file again: `{url, fingerprint}` of its `requests_reply`. */
function resourceGet(dock: SimDock, flightId: string): Promise<{ url: string; fingerprint?: string }> {
  const replies = waylineTasks(dock).replies;
  const tid = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      replies.delete(tid);
      reject(new Error(`${RESOURCE_GET_METHOD}: no reply`));
    }, RESOURCE_TIMEOUT_MS);
    replies.set(tid, (message) => {
      clearTimeout(timer);
      replies.delete(tid);
      const data = record(message.data);
      const file = record(record(data?.output)?.file);
      const url = text(file?.url);
      if (data?.result !== 0 || !url) return reject(new Error(`${RESOURCE_GET_METHOD}: refused`));
      const fingerprint = text(file?.fingerprint)?.toLowerCase();
      resolve({ url, ...(fingerprint ? { fingerprint } : {}) });
    });
    if (
      !dock.client.publish('requests', { flight_id: flightId }, { method: RESOURCE_GET_METHOD, tid, qos: 1 })
    ) {
      clearTimeout(timer);
      replies.delete(tid);
      reject(new Error(`${RESOURCE_GET_METHOD}: not connected`));
    }
  });
}

/** A `requests_reply` on the dock's topic: the answer to a resource request, if it is one. */
export function onWaylineReply(dock: SimDock, message: DeviceMessage): void {
  waylineTasks(dock).replies.get(message.tid)?.(message);
}
