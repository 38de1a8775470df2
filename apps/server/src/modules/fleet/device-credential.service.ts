import { randomBytes } from 'node:crypto';
import type { DeviceCredential, DeviceCredentialKind } from '@aos/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { CREDENTIAL_SERIAL_INDEX, deviceCredential } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';
import { fieldError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { EventBus } from '../../events/bus.js';
import { sha256 } from '../../lib/password.js';

/** 18 random bytes: a 144-bit secret, 24 base64url characters. */
function newPassword(): string {
  return randomBytes(18).toString('base64url');
}

function newUsername(): string {
  return `dev-${randomBytes(8).toString('hex')}`;
}

/** The name of the unique index a PostgreSQL 23505 error broke, wherever the driver puts it. */
export function brokenUniqueIndex(error: unknown): string | undefined {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

export const SERIAL_NUMBER_INDEX = CREDENTIAL_SERIAL_INDEX;

/**
 * The MQTT credentials of devices and docks, and with them the platform-wide register of serial numbers:
 * a device and a dock share the topic namespace `thing/product/{sn}`, so a serial number is taken once,
 * across every tenant. Lookups here ignore the tenant on purpose, and a refusal says only that the number is
 * registered, never where. The password is answered once and only its SHA-256 is kept.
 */
export class DeviceCredentialService {
  constructor(private readonly events: EventBus) {}

  /**
   * The credentials of these serial numbers stopped being valid (password reset, owner removed, serial number
   * changed): every instance's device link forgets what it cached and drops the device's connection, so the
   * old password does not keep working until the device happens to reconnect.
   */
  private revoked(serialNumbers: string[]): void {
    for (const serialNumber of serialNumbers)
      void this.events.emit('fleet.credentialRevoked', { serialNumber });
  }

  /** Refuse (400 on `serialNumber`) when the serial number is registered to anything but `owner`. */
  async assertSerialFree(
    ctx: Ctx,
    serialNumber: string,
    owner?: { kind: DeviceCredentialKind; id: string },
  ): Promise<void> {
    const [taken] = await ctx.db
      .select({ kind: deviceCredential.ownerKind, id: deviceCredential.ownerId })
      .from(deviceCredential)
      .where(eq(deviceCredential.serialNumber, serialNumber))
      .limit(1);
    if (taken && !(owner && taken.kind === owner.kind && taken.id === owner.id)) {
      throw fieldError('serialNumber', 'fleet.serialNumberTaken');
    }
  }

  /** Register `serialNumber` to a new device or dock and answer its credentials (shown this once). */
  async issue(
    ctx: Ctx,
    kind: DeviceCredentialKind,
    ownerId: string,
    serialNumber: string,
  ): Promise<DeviceCredential> {
    await this.assertSerialFree(ctx, serialNumber);
    const username = newUsername();
    const password = newPassword();
    const now = new Date();
    await ctx.db.insert(deviceCredential).values({
      id: newId(),
      tenantId: ctx.tenantId,
      serialNumber,
      ownerKind: kind,
      ownerId,
      username,
      passwordHash: sha256(password),
      createTime: now,
      rotatedTime: now,
    });
    return { serialNumber, username, password };
  }

  /** The owner's serial number changed: the credential follows it (same username and password). */
  async moveSerial(
    ctx: Ctx,
    kind: DeviceCredentialKind,
    ownerId: string,
    serialNumber: string,
  ): Promise<void> {
    await this.assertSerialFree(ctx, serialNumber, { kind, id: ownerId });
    const owner = and(eq(deviceCredential.ownerKind, kind), eq(deviceCredential.ownerId, ownerId));
    const before = await ctx.db
      .select({ serialNumber: deviceCredential.serialNumber })
      .from(deviceCredential)
      .where(and(owner, ne(deviceCredential.serialNumber, serialNumber)));
    if (before.length === 0) return;
    await ctx.db
      .update(deviceCredential)
      .set({ serialNumber })
      .where(and(owner, ne(deviceCredential.serialNumber, serialNumber)));
    this.revoked(before.map((row) => row.serialNumber));
  }

  /**
   * A new password for the owner's credential, answered once; the old one fails from now on. The caller has
   * already checked that the owner is a live row of its tenant.
   */
  async reset(ctx: Ctx, kind: DeviceCredentialKind, ownerId: string): Promise<DeviceCredential> {
    const password = newPassword();
    const [row] = await ctx.db
      .update(deviceCredential)
      .set({ passwordHash: sha256(password), rotatedTime: new Date() })
      .where(
        scope(
          ctx,
          deviceCredential,
          eq(deviceCredential.ownerKind, kind),
          eq(deviceCredential.ownerId, ownerId),
        ),
      )
      .returning({ serialNumber: deviceCredential.serialNumber, username: deviceCredential.username });
    if (!row) throw new Error(`no credential for ${kind} ${ownerId}`);
    this.revoked([row.serialNumber]);
    return { serialNumber: row.serialNumber, username: row.username, password };
  }

  /** The owners are gone: so are their credentials, and their serial numbers are free again. */
  async remove(ctx: Ctx, kind: DeviceCredentialKind, ownerIds: string[]): Promise<void> {
    if (ownerIds.length === 0) return;
    const gone = await ctx.db
      .delete(deviceCredential)
      .where(
        scope(
          ctx,
          deviceCredential,
          eq(deviceCredential.ownerKind, kind),
          inArray(deviceCredential.ownerId, ownerIds),
        ),
      )
      .returning({ serialNumber: deviceCredential.serialNumber });
    this.revoked(gone.map((row) => row.serialNumber));
  }
}
