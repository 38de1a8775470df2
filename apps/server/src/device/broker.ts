import { EventEmitter } from 'node:events';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { publishAccess, subscribeAccess, type TopicAccess } from './acl.js';
import type { DeviceDirectory, DeviceIdentity } from './directory.js';
import type { LinkLogger } from './logger.js';
import { embeddedTransport, type LinkTransport } from './transport.js';

/** What a connected device may use: its own serial number and, for a dock, its bound drones'. */
interface DeviceSession {
  identity: DeviceIdentity;
  serials: Set<string>;
  /** when the bound drones were last read (ms) */
  readAt: number;
}

export interface EmbeddedBrokerOptions {
  host: string;
  /** 0: any free port (tests); `port` answers the one taken */
  port: number;
  directory: Pick<DeviceDirectory, 'verify' | 'boundDrones'>;
  log: LinkLogger;
  /**
   * A dock naming a serial number it was not given at connect time gets its bound drones re-read (a drone
   * bound since), at most this often, so a misbehaving dock cannot turn each refused publish into a query.
   */
  rereadMs?: number;
  now?: () => number;
}

interface BrokerEvents {
  /** the last connection of a device closed: it is offline now, without waiting for the timeout */
  deviceDisconnected: [DeviceIdentity];
}

/** CONNACK return codes of MQTT 3.1.1 (aedes speaks 3.1.1 only). */
const IDENTIFIER_REJECTED = 2;
const BAD_USERNAME_OR_PASSWORD = 4;
const SERVER_UNAVAILABLE = 3;

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * The embedded MQTT broker (aedes, MQTT 3.1.1) used when no external broker is configured. Devices
 * authenticate with the credentials the fleet registry issued and may use only their own topics (acl.ts);
 * the server's link attaches in-process (`transport()`), with no credential that could leak.
 */
export class EmbeddedBroker extends EventEmitter<BrokerEvents> {
  /** refusals, for tests and metrics */
  readonly stats = {
    refusedConnections: 0,
    /** of the refused connections, those whose client id was not their serial number */
    refusedClientIds: 0,
    refusedPublishes: 0,
    refusedSubscriptions: 0,
  };
  private readonly sessions = new WeakMap<Client, DeviceSession>();
  /** the open connections of each serial number */
  private readonly connections = new Map<string, Set<Client>>();

  private constructor(
    readonly aedes: Aedes,
    private readonly server: Server,
    private readonly options: EmbeddedBrokerOptions,
  ) {
    super();
  }

  /** Start aedes and listen on `options.port`; fails (and cleans up) if the port is taken. */
  static async start(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
    const aedes = await Aedes.createBroker({ id: 'aos-embedded', heartbeatInterval: 60_000 });
    const server = createServer((socket) => aedes.handle(socket));
    const broker = new EmbeddedBroker(aedes, server, options);
    broker.install();
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      throw new Error(`the embedded MQTT broker cannot listen on ${options.host}:${options.port}`, {
        cause: error,
      });
    }
    return broker;
  }

  /** The port the broker listens on. */
  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The link's in-process attachment. */
  transport(): LinkTransport {
    return embeddedTransport(this.aedes);
  }

  /** Drop every connection of the device `sn` (its credential was revoked); answers how many. */
  disconnectDevice(sn: string): number {
    let dropped = 0;
    for (const client of this.connections.get(sn) ?? []) {
      client.close();
      dropped += 1;
    }
    if (dropped) this.options.log.info({ sn, dropped }, 'device disconnected: credential revoked');
    return dropped;
  }

  /** Disconnect every device and stop listening. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  private install(): void {
    const { aedes, options } = this;
    aedes.authenticate = (client, username, password, done) => {
      this.authenticate(client, username, password).then(
        () => done(null, true),
        (error: AuthenticateError) => {
          this.stats.refusedConnections += 1;
          if (error.returnCode === IDENTIFIER_REJECTED) this.stats.refusedClientIds += 1;
          options.log.info({ clientId: client.id, username, reason: error.message }, 'device refused');
          done(error, false);
        },
      );
    };
    aedes.authorizePublish = (client, packet, done) => {
      this.authorize(client, packet.topic, publishAccess).then((allowed) => {
        if (allowed) return done(null);
        this.stats.refusedPublishes += 1;
        done(new Error(`not authorized to publish on ${packet.topic}`));
      }, done);
    };
    aedes.authorizeSubscribe = (client, subscription, done) => {
      this.authorize(client, subscription.topic, subscribeAccess).then((allowed) => {
        if (allowed) return done(null, subscription);
        this.stats.refusedSubscriptions += 1;
        // Negated, not an error: the SUBACK says 0x80 for this filter and the connection stays up.
        done(null, null);
      }, done);
    };
    aedes.on('client', (client) => {
      const sn = this.sessions.get(client)?.identity.serialNumber;
      if (!sn) return;
      const open = this.connections.get(sn) ?? new Set<Client>();
      open.add(client);
      this.connections.set(sn, open);
    });
    aedes.on('clientDisconnect', (client) => this.disconnected(client));
    aedes.on('clientError', (client, error) =>
      options.log.debug({ clientId: client.id, err: error }, 'device connection error'),
    );
  }

  private async authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
  ): Promise<void> {
    if (!username || !password) throw authError('no credentials', BAD_USERNAME_OR_PASSWORD);
    let identity: DeviceIdentity | null;
    let serials: Set<string>;
    try {
      identity = await this.options.directory.verify(username, password.toString('utf8'));
      serials = identity ? await this.serialsOf(identity) : new Set();
    } catch (error) {
      this.options.log.warn({ err: error }, 'device authentication failed on the registry');
      throw authError('registry unavailable', SERVER_UNAVAILABLE);
    }
    if (!identity) throw authError('wrong username or password', BAD_USERNAME_OR_PASSWORD);
    // The client id names the MQTT session (its subscriptions and queued messages) and a second CONNECT
    // with it knocks the first off: it must be the device's own serial number (what a DJI gateway uses), or
    // another tenant's device could take over that session. Refused here, before aedes registers the client.
    if (client.id !== identity.serialNumber) {
      throw authError(`client id is not the serial number ${identity.serialNumber}`, IDENTIFIER_REJECTED);
    }
    this.sessions.set(client, { identity, serials, readAt: this.now });
    this.options.log.debug({ sn: identity.serialNumber, clientId: client.id }, 'device connected');
  }

  private async serialsOf(identity: DeviceIdentity): Promise<Set<string>> {
    const drones = identity.kind === 'dock' ? await this.options.directory.boundDrones(identity.ownerId) : [];
    return new Set([identity.serialNumber, ...drones]);
  }

  /** Whether the client's session allows `topic`, re-reading a dock's drones once if it names another. */
  private async authorize(
    client: Client | null,
    topic: string,
    check: (serials: ReadonlySet<string>, topic: string) => TopicAccess,
  ): Promise<boolean> {
    const session = client ? this.sessions.get(client) : undefined;
    if (!session) return false;
    let access = check(session.serials, topic);
    const { rereadMs = 5000 } = this.options;
    if (
      access === 'unknown-serial' &&
      session.identity.kind === 'dock' &&
      this.now - session.readAt >= rereadMs
    ) {
      session.readAt = this.now;
      session.serials = await this.serialsOf(session.identity);
      access = check(session.serials, topic);
    }
    if (access !== 'allowed') {
      this.options.log.info({ sn: session.identity.serialNumber, topic }, 'device topic refused');
    }
    return access === 'allowed';
  }

  private disconnected(client: Client): void {
    const identity = this.sessions.get(client)?.identity;
    if (!identity) return;
    const open = this.connections.get(identity.serialNumber);
    open?.delete(client);
    if (open && open.size > 0) return;
    this.connections.delete(identity.serialNumber);
    this.emit('deviceDisconnected', identity);
  }
}
