import { randomBytes } from 'node:crypto';
import { type DeviceCredentialKind, DeviceCredentialLogin, type DeviceCredentialOwner } from '@aos/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { deviceCredential, dockDrone } from '../db/schema/index.js';
import { sameDigest, sha256 } from '../lib/password.js';

/** A registered device or dock as the link knows it: whom its serial number belongs to. */
export type DeviceIdentity = DeviceCredentialOwner;

/** compared against when the username is unknown, so a miss costs what a hit does */
const DECOY_HASH = sha256(randomBytes(18).toString('base64url'));

interface Cached<T> {
  value: Promise<T>;
  expires: number;
}

/**
 * The fleet registry as the device link reads it: serial number → tenant and owner (the credential table is
 * the platform-wide register of serial numbers), the drones bound to a dock, and credential checks. Lookups
 * are cached for `ttlMs` because every telemetry message needs one; the cache holds the promise, so messages
 * of one device that arrive while its lookup runs wait for the same answer and keep their order. A device
 * removed or moved in the registry is seen by the link at the latest `ttlMs` later.
 */
export class DeviceDirectory {
  private readonly bySerial = new Map<string, Cached<DeviceIdentity | null>>();
  /** the last identity read for each serial number, answered while the registry cannot be read */
  private readonly lastKnown = new Map<string, DeviceIdentity>();

  constructor(
    private readonly db: Executor,
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Who `username`/`password` (the credentials the fleet registry issued) identify, or null. The password is
   * compared as a digest in constant time, and a miss on the username costs the same.
   */
  async verify(username: string, password: string): Promise<DeviceIdentity | null> {
    const login = DeviceCredentialLogin.safeParse({ username, password }).data;
    const [row] = login
      ? await this.db
          .select()
          .from(deviceCredential)
          .where(eq(deviceCredential.username, login.username))
          .limit(1)
      : [];
    const matches = sameDigest(sha256(password), row?.passwordHash ?? DECOY_HASH);
    if (!row || !matches) return null;
    return {
      tenantId: row.tenantId,
      serialNumber: row.serialNumber,
      kind: row.ownerKind as DeviceCredentialKind,
      ownerId: row.ownerId,
    };
  }

  /**
   * The registered owner of `sn`, or null when no device or dock has it. While the database is down (the
   * reload fails) a device known before keeps its last answer, so its messages are still handled; one never
   * looked up fails, and the next message asks again.
   */
  lookup(sn: string): Promise<DeviceIdentity | null> {
    const hit = this.bySerial.get(sn);
    if (hit && hit.expires > this.now()) return hit.value;
    const known = this.lastKnown.get(sn);
    const value = this.load(sn).then(
      (identity) => {
        if (identity) this.lastKnown.set(sn, identity);
        else this.lastKnown.delete(sn);
        return identity;
      },
      (error: unknown) => {
        // kept for ttlMs like a read answer, so an outage costs one failed query per device and ttlMs
        if (known) return known;
        if (this.bySerial.get(sn)?.value === value) this.bySerial.delete(sn);
        throw error;
      },
    );
    this.bySerial.set(sn, { value, expires: this.now() + this.ttlMs });
    return value;
  }

  /** Forget `sn` so the next lookup reads the registry (for the registry to call when it changes). */
  invalidate(sn: string): void {
    this.bySerial.delete(sn);
    this.lastKnown.delete(sn);
  }

  /** Serial numbers of the drones bound to the dock `dockId` (aos_dock_drone), read fresh. */
  async boundDrones(dockId: string): Promise<string[]> {
    const rows = await this.db
      .select({ sn: deviceCredential.serialNumber })
      .from(dockDrone)
      .innerJoin(
        deviceCredential,
        and(eq(deviceCredential.ownerKind, 'device'), eq(deviceCredential.ownerId, dockDrone.deviceId)),
      )
      .where(eq(dockDrone.dockId, dockId));
    return rows.map((row) => row.sn);
  }

  private async load(sn: string): Promise<DeviceIdentity | null> {
    const [row] = await this.db
      .select({
        tenantId: deviceCredential.tenantId,
        serialNumber: deviceCredential.serialNumber,
        kind: deviceCredential.ownerKind,
        ownerId: deviceCredential.ownerId,
      })
      .from(deviceCredential)
      .where(eq(deviceCredential.serialNumber, sn))
      .limit(1);
    return row ? { ...row, kind: row.kind as DeviceIdentity['kind'] } : null;
  }
}
