import { randomBytes } from 'node:crypto';
import { type DeviceCredentialKind, DeviceCredentialLogin, type DeviceCredentialOwner } from '@aos/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { deviceCredential, dockDrone } from '../db/schema/index.js';
import { sameDigest, sha256 } from '../lib/password.js';

/** A registered device or dock as the link knows it: whom its serial number belongs to. */
export type DeviceIdentity = DeviceCredentialOwner;

/** compared against when the username is unknown, so a miss costs what a hit does */
const DECOY_HASH = sha256(randomBytes(18).toString('base64url'));

/** serial numbers read in one query at most */
const READ_BATCH = 500;

interface Waiting {
  resolve: (identity: DeviceIdentity | null) => void;
  reject: (error: unknown) => void;
}

interface Cached<T> {
  value: Promise<T>;
  expires: number;
  /** the answer is in (a lookup still running is never started again, however long it takes) */
  settled: boolean;
  /** a fresh answer is being read while this one is still served */
  refreshing: boolean;
}

/**
 * The fleet registry as the device link reads it: serial number → tenant and owner (the credential table is
 * the platform-wide register of serial numbers), the drones bound to a dock, and credential checks. Lookups
 * are cached for `ttlMs` because every telemetry message needs one; the cache holds the promise, so messages
 * of one device that arrive while its lookup runs wait for the same answer and keep their order. Once an
 * answer is older than `ttlMs` it is still served while a fresh one is read in the background (one read per
 * device at a time), so no message waits for the database after a device's first: with thousands of
 * devices whose answers expire together, every message used to wait for thousands of queries in line for
 * the pool (bench/RESULTS.md, 5,000 devices). While the database is down a device read before keeps its
 * last answer (the background read fails and the stale answer stays), so its messages are still handled;
 * one never read fails, and its next message asks again. A device removed or moved in the registry is seen by the link
 * at the latest `ttlMs` plus one query later, at once where the registry calls `invalidate`.
 */
export class DeviceDirectory {
  private readonly bySerial = new Map<string, Cached<DeviceIdentity | null>>();
  /** serial numbers to read in the next query, each with the lookups waiting for it */
  private batch: Map<string, Waiting[]> | null = null;

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

  /** The registered owner of `sn`, or null when no device or dock has it. */
  lookup(sn: string): Promise<DeviceIdentity | null> {
    const hit = this.bySerial.get(sn);
    if (hit) {
      if (hit.settled && !hit.refreshing && hit.expires <= this.now()) this.refresh(sn, hit);
      return hit.value;
    }
    const value = this.load(sn);
    const entry: Cached<DeviceIdentity | null> = {
      value,
      expires: this.now() + this.ttlMs,
      settled: false,
      refreshing: false,
    };
    this.bySerial.set(sn, entry);
    value.then(
      () => {
        // the lifetime counts from the answer: a read that took long is not stale at once
        entry.settled = true;
        entry.expires = this.now() + this.ttlMs;
      },
      // A failed lookup (database down) is not remembered: the next message asks again.
      () => {
        if (this.bySerial.get(sn) === entry) this.bySerial.delete(sn);
      },
    );
    return value;
  }

  /** Read `sn` again while `stale` is served; a failed read keeps it (the next lookup tries again). */
  private refresh(sn: string, stale: Cached<DeviceIdentity | null>): void {
    stale.refreshing = true;
    this.load(sn).then(
      (identity) => {
        // invalidated meanwhile: the entry that replaced it (or its absence) stands
        if (this.bySerial.get(sn) !== stale) return;
        this.bySerial.set(sn, {
          value: Promise.resolve(identity),
          expires: this.now() + this.ttlMs,
          settled: true,
          refreshing: false,
        });
      },
      () => {
        stale.refreshing = false;
      },
    );
  }

  /** Forget `sn` so the next lookup reads the registry (for the registry to call when it changes). */
  invalidate(sn: string): void {
    this.bySerial.delete(sn);
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

  /**
   * The registered owner of `sn`, read together with every other serial number asked for in the same turn
   * of the event loop (one query per READ_BATCH of them): thousands of devices heard for the first time at
   * once (a fleet reconnecting after a restart) cost a few queries, not one each.
   */
  private load(sn: string): Promise<DeviceIdentity | null> {
    return new Promise((resolve, reject) => {
      if (!this.batch) {
        this.batch = new Map();
        setImmediate(() => this.readBatch());
      }
      const waiting = this.batch.get(sn);
      if (waiting) waiting.push({ resolve, reject });
      else this.batch.set(sn, [{ resolve, reject }]);
    });
  }

  private readBatch(): void {
    const batch = this.batch;
    this.batch = null;
    if (!batch) return;
    const sns = [...batch.keys()];
    for (let start = 0; start < sns.length; start += READ_BATCH) {
      const part = sns.slice(start, start + READ_BATCH);
      this.read(part).then(
        (found) => {
          for (const sn of part) for (const { resolve } of batch.get(sn)!) resolve(found.get(sn) ?? null);
        },
        (error: unknown) => {
          for (const sn of part) for (const { reject } of batch.get(sn)!) reject(error);
        },
      );
    }
  }

  /** The registered owners of `sns`, in one query. */
  private async read(sns: string[]): Promise<Map<string, DeviceIdentity>> {
    const rows = await this.db
      .select({
        tenantId: deviceCredential.tenantId,
        serialNumber: deviceCredential.serialNumber,
        kind: deviceCredential.ownerKind,
        ownerId: deviceCredential.ownerId,
      })
      .from(deviceCredential)
      .where(inArray(deviceCredential.serialNumber, sns));
    const found = new Map<string, DeviceIdentity>();
    for (const row of rows) {
      if (!found.has(row.serialNumber))
        found.set(row.serialNumber, { ...row, kind: row.kind as DeviceIdentity['kind'] });
    }
    return found;
  }
}
