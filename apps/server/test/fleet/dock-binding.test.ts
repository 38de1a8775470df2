import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dockDrone } from '../../src/db/schema/index.js';
import { app, BASE, brandOfB, DEVICES, platform, tenantB, tenants } from './dock-helper.js';
import { expectIsolated } from '../tenants.js';
import { aircraft, dock, dockSuite, saved, send, submit } from './dock-helper.js';

/**
 * Docks and what must stay unique: a drone bound to one dock only (also when two docks race for it), a
 * serial number across tenants, docks and devices, and the MQTT credentials that follow it or are reset.
 */

dockSuite();

describe('docks: drones, serial numbers and credentials', () => {
  it('binds a drone to one dock only, aircraft only, and refuses to remove a bound drone', async () => {
    const drone = await aircraft(platform, 'Bound drone');
    const spare = await aircraft(platform, 'Spare drone');
    const first = await saved(platform, dock({ name: 'First dock', droneIds: `${drone.id},${spare.id}` }));
    expect(first.droneNames).toBe('Bound drone,Spare drone');
    const second = await submit(platform, dock({ name: 'Second dock', droneIds: drone.id }));
    expect(second.statusCode).toBe(400);
    expect(second.json().data.errors).toEqual({ droneIds: 'already bound to another dock: Bound drone' });
    const zh = await submit(platform, dock({ droneIds: `${spare.id}` }), 'zh-CN');
    expect(zh.json().msg).toBe('droneIds: 已绑定其他机库：Spare drone');
    // keeping its own drones on update is fine; dropping one frees it
    const kept = await saved(
      platform,
      dock({ id: first.id, name: 'First dock', serialNumber: first.serialNumber, droneIds: drone.id }),
    );
    expect(kept.droneIds).toBe(drone.id);
    const other = await saved(platform, dock({ name: 'Other dock', droneIds: spare.id }));
    expect(other.droneNames).toBe('Spare drone');

    const refused = await send(platform, 'DELETE', `${DEVICES}/remove?ids=${drone.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      'the device Bound drone is bound to the dock First dock: unbind it first',
    );
    const retype = await send(platform, 'PUT', `${DEVICES}/update`, {
      id: drone.id,
      name: 'Bound drone',
      serialNumber: drone.serialNumber,
      type: 2,
    });
    expect(retype.json().data.errors).toEqual({
      type: 'the device Bound drone is bound to the dock First dock: unbind it first',
    });
    await send(platform, 'POST', `${BASE}/remove?ids=${first.id}`);
    expect((await send(platform, 'DELETE', `${DEVICES}/remove?ids=${drone.id}`)).json().data).toBe(1);
  });

  it('gives two docks racing for one drone one binding and one error naming the drone', async () => {
    const drone = await aircraft(platform, 'Contested drone');
    const [first, second] = await Promise.all([
      submit(platform, dock({ droneIds: drone.id })),
      submit(platform, dock({ droneIds: drone.id })),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const loser = first.statusCode === 400 ? first : second;
    expect(loser.json().data.errors).toEqual({ droneIds: 'already bound to another dock: Contested drone' });
    expect(
      await app.database.db.select().from(dockDrone).where(eq(dockDrone.deviceId, drone.id)),
    ).toHaveLength(1);
  });

  it('keeps a serial number unique across tenants and across docks and devices', async () => {
    const mine = await saved(platform, dock({ serialNumber: 'DOCK-SHARED-1' }));
    const registered = { serialNumber: 'this serial number is already registered' };
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${BASE}/detail?id=${mine.id}`,
      names: [mine.id, '000000', mine.name],
      refused: [
        {
          method: 'POST',
          url: `${BASE}/submit`,
          payload: dock({ serialNumber: 'DOCK-SHARED-1', manufacturerId: brandOfB, deptId: null }),
          status: 400,
          errors: registered,
        },
        {
          method: 'POST',
          url: `${DEVICES}/add`,
          payload: { name: 'Same SN', serialNumber: 'DOCK-SHARED-1', type: 1 },
          status: 400,
          errors: registered,
        },
      ],
    });
    // a new serial number moves the credential; the old number is free
    const renamed = await saved(platform, dock({ id: mine.id, serialNumber: 'DOCK-SHARED-2' }));
    expect(renamed.serialNumber).toBe('DOCK-SHARED-2');
    const credential = mine.credential as { username: string; password: string };
    expect(
      (await app.platform.deviceDirectory.verify(credential.username, credential.password))?.serialNumber,
    ).toBe('DOCK-SHARED-2');
    expect(
      (await submit(tenantB, dock({ serialNumber: 'DOCK-SHARED-1', manufacturerId: brandOfB, deptId: null })))
        .statusCode,
    ).toBe(200);
  });

  it('resets the credentials of a dock: the old password fails at once', async () => {
    const mine = await saved(platform, dock());
    const { username, password } = mine.credential as { username: string; password: string };
    const reset = await send(platform, 'POST', `${BASE}/resetCredential?id=${mine.id}`);
    expect(reset.json().data).toMatchObject({ serialNumber: mine.serialNumber, username });
    const fresh = reset.json().data.password as string;
    expect(await app.platform.deviceDirectory.verify(username, password)).toBeNull();
    expect(await app.platform.deviceDirectory.verify(username, fresh)).toMatchObject({
      kind: 'dock',
      ownerId: mine.id,
    });
  });
});
