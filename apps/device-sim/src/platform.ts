import { createHash } from 'node:crypto';
import type { DeviceCredentials } from './client.js';

/**
 * The platform's HTTP API as the command line uses it: sign in like the console (OAuth2 password grant, the
 * password md5-hashed, the console's client), then register docks and their aircraft or, for serial numbers
 * already registered, reset their MQTT credentials (the platform keeps only a hash, so a reset is the only
 * way to learn them again).
 */

export interface PlatformOptions {
  /** e.g. http://localhost:8080 */
  api: string;
  tenant: string;
  user: string;
  password: string;
  clientId?: string;
  clientSecret?: string;
  /** an access token to use instead of signing in */
  token?: string;
}

export class PlatformError extends Error {
  override name = 'PlatformError';
}

interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

interface Credential {
  serialNumber: string;
  username: string;
  password: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export class PlatformClient {
  private token: string | null;

  constructor(private readonly options: PlatformOptions) {
    this.token = options.token ?? null;
  }

  /** Sign in (unless a token was given); explains a captcha refusal. */
  async signIn(): Promise<void> {
    if (this.token) return;
    const { api, tenant, user, password } = this.options;
    const basic = Buffer.from(
      `${this.options.clientId ?? 'saber'}:${this.options.clientSecret ?? 'saber_secret'}`,
    ).toString('base64');
    const query = new URLSearchParams({
      tenantId: tenant,
      username: user,
      password: md5(password),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    });
    const response = await fetch(`${api}/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'tenant-id': tenant, 'accept-language': 'en-US' },
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok && typeof body.access_token === 'string') {
      this.token = body.access_token;
      return;
    }
    const reason = String(body.error_description ?? body.msg ?? response.statusText);
    const captcha = /captcha/i.test(reason)
      ? ' — the server asks for a captcha: start it with CAPTCHA_ENABLED=false, or pass --token, or --fleet'
      : '';
    throw new PlatformError(`sign-in as ${tenant}/${user} refused: ${reason}${captcha}`);
  }

  /** A dock `dockSn` with its aircraft `droneSn`, registered or re-credentialed. */
  async ensureDockWithDrone(
    dockSn: string,
    droneSn: string,
  ): Promise<{ dock: DeviceCredentials; drone: DeviceCredentials }> {
    const drone = await this.ensureDrone(droneSn);
    const dock = await this.ensureDock(dockSn, drone.id);
    return { dock: toCredentials(dock), drone: toCredentials(drone.credential) };
  }

  /**
   * Set some of a registered dock's stream addresses (the simulator's test patterns), keeping every other
   * field and its bound aircraft.
   */
  async setDockStreams(dockSn: string, streams: Partial<Record<DockStreamField, string>>): Promise<void> {
    const existing = await this.findDock(dockSn);
    if (!existing) throw new PlatformError(`dock ${dockSn} is not registered`);
    const keep = Object.fromEntries(
      Object.entries(existing).filter(([, value]) => value !== null && value !== ''),
    );
    await this.call('POST', '/api/cloud-equipment/uavhangar/submit', {
      ...pick(keep, [...SUBMIT_FIELDS, 'droneIds']),
      ...streams,
    });
  }

  private async findDock(sn: string): Promise<Record<string, unknown> | undefined> {
    const page = await this.call<{ records: Array<Record<string, unknown>> }>(
      'GET',
      `/api/cloud-equipment/uavhangar/page?current=1&size=50&serialNumber=${encodeURIComponent(sn)}`,
    );
    return page.records.find((record) => record.serialNumber === sn);
  }

  private async ensureDrone(sn: string): Promise<{ id: string; credential: Credential }> {
    const found = await this.call<{ id: string } | null>(
      'GET',
      `/api/cloud-equipment/equipment-management/detail?serialNumber=${encodeURIComponent(sn)}`,
      undefined,
      true,
    );
    if (found) {
      const credential = await this.call<Credential>(
        'POST',
        `/api/cloud-equipment/equipment-management/resetCredential?id=${found.id}`,
      );
      return { id: found.id, credential };
    }
    const added = await this.call<{ id: string; credential: Credential }>(
      'POST',
      '/api/cloud-equipment/equipment-management/add',
      { name: `Simulated drone ${sn}`, serialNumber: sn, type: 1, modelId: 'dji-m3td' },
    );
    return added;
  }

  private async ensureDock(sn: string, droneId: string): Promise<Credential> {
    const existing = await this.findDock(sn);
    if (!existing) {
      const added = await this.call<{ credential: Credential }>(
        'POST',
        '/api/cloud-equipment/uavhangar/submit',
        {
          name: `Simulated dock ${sn}`,
          type: 1,
          serialNumber: sn,
          modelId: 'dji-dock2',
          droneIds: droneId,
        },
      );
      return added.credential;
    }
    const bound = String(existing.droneIds ?? '').split(',');
    if (!bound.includes(droneId)) {
      // Bind the aircraft, keeping the dock's other fields as they are.
      const keep = Object.fromEntries(
        Object.entries(existing).filter(([, value]) => value !== null && value !== ''),
      );
      await this.call('POST', '/api/cloud-equipment/uavhangar/submit', {
        ...pick(keep, SUBMIT_FIELDS),
        droneIds: droneId,
      });
    }
    return this.call<Credential>('POST', `/api/cloud-equipment/uavhangar/resetCredential?id=${existing.id}`);
  }

  private async call<T>(method: string, url: string, body?: unknown, allowMissing = false): Promise<T> {
    if (!this.token) throw new PlatformError('not signed in');
    const response = await fetch(`${this.options.api}${url}`, {
      method,
      headers: {
        'blade-auth': `bearer ${this.token}`,
        'accept-language': 'en-US',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (allowMissing && response.status === 404) return null as T;
    const parsed = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (!response.ok || !parsed?.success) {
      throw new PlatformError(`${method} ${url}: ${response.status} ${parsed?.msg ?? response.statusText}`);
    }
    return parsed.data;
  }
}

/** A dock's camera stream addresses in the registry. */
export type DockStreamField =
  'streamLeftWing' | 'streamRightWing' | 'streamTail' | 'streamInside' | 'streamOutside';

/** The dock fields its submit accepts (an update rewrites them all). */
const SUBMIT_FIELDS = [
  'id',
  'name',
  'type',
  'deptId',
  'serialNumber',
  'manufacturerId',
  'modelId',
  'images',
  'streamLeftWing',
  'streamRightWing',
  'streamTail',
  'streamInside',
  'streamOutside',
  'logUrl',
  'alternateLongitude',
  'alternateLatitude',
  'lowBattery',
  'ultraLowBattery',
  'visible',
  'remark',
];

function pick(record: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}

function toCredentials(credential: Credential): DeviceCredentials {
  return { sn: credential.serialNumber, username: credential.username, password: credential.password };
}
