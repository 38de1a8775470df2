import { randomUUID } from 'node:crypto';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { type DeviceMessage, deviceTopic, parseDeviceTopic } from '@aos/contract';
import { Aedes } from 'aedes';
import { connectAsync, type MqttClient } from 'mqtt';

export interface Received {
  sn: string;
  kind: string;
  message: DeviceMessage;
  data: Record<string, unknown>;
}

/**
 * The cloud side for the simulator's tests: an in-process aedes broker on a free port (any credentials
 * accepted) and an MQTT client that records every device → cloud message and sends services.
 */
export class TestCloud {
  readonly received: Received[] = [];
  private constructor(
    private readonly broker: Aedes,
    private readonly server: Server,
    private readonly client: MqttClient,
    readonly url: string,
  ) {}

  static async start(): Promise<TestCloud> {
    const broker = await Aedes.createBroker();
    const server = createServer((socket) => broker.handle(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = await connectAsync(url, { protocolVersion: 4, reconnectPeriod: 0 });
    const cloud = new TestCloud(broker, server, client, url);
    client.on('message', (topic, payload) => {
      const parsed = parseDeviceTopic(topic);
      if (!parsed?.uplink) return;
      const message = JSON.parse(payload.toString()) as DeviceMessage;
      const data = (message.data ?? {}) as Record<string, unknown>;
      cloud.received.push({ sn: parsed.sn, kind: parsed.kind, message, data });
    });
    await client.subscribeAsync(['thing/product/+/+', 'sys/product/+/status'], { qos: 1 });
    return cloud;
  }

  /** Send a service to a gateway and answer its reply's data (`{result, output}`). */
  async call(gatewaySn: string, method: string, data: unknown = {}, bid = randomUUID()) {
    const tid = randomUUID();
    const reply = this.waitFor((entry) => entry.kind === 'services_reply' && entry.message.tid === tid);
    await this.client.publishAsync(
      deviceTopic(gatewaySn, 'services'),
      JSON.stringify({ tid, bid, timestamp: Date.now(), method, data }),
      { qos: 1 },
    );
    const answer = await reply;
    return { bid, result: answer.data.result as number, output: answer.data.output, message: answer.message };
  }

  /** Answer the gateways' `requests` of `method` with `answer(sn)` ({result, output}) on `requests_reply`. */
  answerRequests(method: string, answer: (sn: string) => { result: number; output?: unknown }): void {
    this.client.on('message', (topic, payload) => {
      const parsed = parseDeviceTopic(topic);
      if (parsed?.kind !== 'requests') return;
      const message = JSON.parse(payload.toString()) as DeviceMessage;
      if (message.method !== method) return;
      this.client.publish(
        deviceTopic(parsed.sn, 'requests_reply'),
        JSON.stringify({ ...message, timestamp: Date.now(), data: answer(parsed.sn) }),
        { qos: 1 },
      );
    });
  }

  /** The first message (already received or arriving) matching `match`. */
  waitFor(match: (entry: Received) => boolean, timeoutMs = 10_000): Promise<Received> {
    const found = this.received.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const started = this.received.length;
      let checked = started;
      const timer = setInterval(() => {
        for (; checked < this.received.length; checked += 1) {
          const entry = this.received[checked]!;
          if (match(entry)) {
            clearInterval(timer);
            clearTimeout(limit);
            resolve(entry);
            return;
          }
        }
      }, 5);
      const limit = setTimeout(() => {
        clearInterval(timer);
        reject(new Error('no matching message arrived'));
      }, timeoutMs);
    });
  }

  /** The next message from now on matching `match`. */
  next(match: (entry: Received) => boolean, timeoutMs = 10_000): Promise<Received> {
    const from = this.received.length;
    return this.waitFor((entry) => this.received.indexOf(entry) >= from && match(entry), timeoutMs);
  }

  /** The progress events of a job (method and bid), in order. */
  jobEvents(
    method: string,
    bid: string,
  ): Array<{ status: string; percent?: number; ext?: Record<string, unknown> }> {
    return this.received
      .filter(
        (entry) => entry.kind === 'events' && entry.message.method === method && entry.message.bid === bid,
      )
      .map((entry) => {
        const output = entry.data.output as {
          status: string;
          progress?: { percent?: number };
          ext?: Record<string, unknown>;
        };
        return { status: output.status, percent: output.progress?.percent, ext: output.ext };
      });
  }

  /** Wait for the job's final event and answer its status. */
  async jobEnd(method: string, bid: string, timeoutMs = 10_000): Promise<string> {
    const final = await this.waitFor(
      (entry) =>
        entry.kind === 'events' &&
        entry.message.method === method &&
        entry.message.bid === bid &&
        !['in_progress', 'sent', 'paused'].includes((entry.data.output as { status: string }).status),
      timeoutMs,
    );
    return (final.data.output as { status: string }).status;
  }

  /** The newest OSD of `sn`. */
  osd(sn: string): Record<string, unknown> | undefined {
    for (let index = this.received.length - 1; index >= 0; index -= 1) {
      const entry = this.received[index]!;
      if (entry.sn === sn && entry.kind === 'osd') return entry.data;
    }
    return undefined;
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
    await new Promise<void>((resolve) => this.broker.close(() => resolve()));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
