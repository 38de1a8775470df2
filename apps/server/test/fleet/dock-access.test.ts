import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dock as dockTable } from '../../src/db/schema/index.js';
import { app, BASE, BASIC, brandOfB, platform, tenants } from './dock-helper.js';
import { addBrand, aircraft, dock, dockSuite, saved, send, submit } from './dock-helper.js';
import { as } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated } from '../tenants.js';

/**
 * Who may touch a dock: each call needs its button code, a brand a dock uses cannot be removed, and another
 * tenant can do nothing with it.
 */

dockSuite();

describe('docks: tenants, permissions and brands', () => {
  it('refuses add, edit, remove, visibility, basic settings and reset without their button codes', async () => {
    const mine = await saved(platform, dock());
    const reader = await signInWithGrants(app, '000000', 'dock-reader', ['hangar']);
    expect((await as(app, reader).get(`${BASE}/page`)).statusCode).toBe(200);
    expect((await as(app, reader).get(`${BASE}/getPlayStream?id=${mine.id}`)).statusCode).toBe(200);
    for (const response of [
      await submit(reader, dock()),
      await submit(reader, dock({ id: mine.id, serialNumber: mine.serialNumber })),
      await send(reader, 'POST', `${BASE}/remove?ids=${mine.id}`),
      await send(reader, 'POST', `${BASE}/updateVisibility?id=${mine.id}&visible=0`),
      await send(reader, 'POST', `${BASE}/resetCredential?id=${mine.id}`),
      await as(app, reader).get(`${BASIC}/detail?hangarId=${mine.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const keeper = await signInWithGrants(app, '000000', 'dock-keeper', [
      'hangar',
      'hangar_visibility',
      'hangar_basic_set',
    ]);
    expect((await send(keeper, 'POST', `${BASE}/updateVisibility?id=${mine.id}&visible=0`)).statusCode).toBe(
      200,
    );
    expect((await as(app, keeper).get(`${BASIC}/detail?hangarId=${mine.id}`)).statusCode).toBe(200);
    expect((await submit(keeper, dock({ id: mine.id, serialNumber: mine.serialNumber }))).statusCode).toBe(
      403,
    );
    const editor = await signInWithGrants(app, '000000', 'dock-editor', ['hangar', 'hangar_edit']);
    expect((await submit(editor, dock({ id: mine.id, serialNumber: mine.serialNumber }))).statusCode).toBe(
      200,
    );
    expect((await submit(editor, dock())).statusCode).toBe(403);
    // the remote-control screen shows the dock's video: its operators read the stream addresses, nothing else
    const operator = await signInWithGrants(app, '000000', 'dock-operator', ['remote_control']);
    expect((await as(app, operator).get(`${BASE}/getPlayStream?id=${mine.id}`)).statusCode).toBe(200);
    expect((await as(app, operator).get(`${BASE}/page`)).statusCode).toBe(403);
    const stranger = await signInWithGrants(app, '000000', 'dock-stranger', ['post']);
    expect((await as(app, stranger).get(`${BASE}/getPlayStream?id=${mine.id}`)).statusCode).toBe(403);
    expect((await as(app, stranger).get(`${BASE}/page`)).statusCode).toBe(403);
    expect((await send(stranger, 'POST', `${BASE}/list`, {})).statusCode).toBe(403);
    // pickers are open to every signed-in user of the tenant
    expect((await as(app, stranger).get(`${BASE}/listForTenant`)).statusCode).toBe(200);
  });

  it('refuses to remove a brand a dock uses, over HTTP', async () => {
    const maker = await addBrand(platform, 'dock-maker', 'dock');
    const mine = await saved(platform, dock({ manufacturerId: maker }));
    const refused = await send(platform, 'DELETE', `/api/cloud-equipment/manufacturer/remove?ids=${maker}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('the brand is in use and cannot be removed: DOCK-MAKER');
    await send(platform, 'POST', `${BASE}/remove?ids=${mine.id}`);
    expect(
      (await send(platform, 'DELETE', `/api/cloud-equipment/manufacturer/remove?ids=${maker}`)).json().data,
    ).toBe(1);
  });

  it("another tenant can neither read, change, remove, bind, show nor reset a tenant's dock", async () => {
    const drone = await aircraft(platform, 'Tenant A drone');
    const mine = await saved(platform, dock({ name: 'A dock', droneIds: drone.id }));
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${BASE}/detail?id=${mine.id}`,
      names: [mine.id, mine.serialNumber, 'A dock'],
      hidden: [
        `${BASE}/page?size=100`,
        { method: 'POST', url: `${BASE}/list`, payload: {} },
        `${BASE}/listForTenant`,
      ],
      refused: [
        `${BASE}/detail?id=${mine.id}`,
        {
          method: 'POST',
          url: `${BASE}/submit`,
          payload: dock({
            id: mine.id,
            serialNumber: mine.serialNumber,
            manufacturerId: brandOfB,
            deptId: null,
            droneIds: '',
          }),
        },
        { method: 'POST', url: `${BASE}/remove?ids=${mine.id}` },
        { method: 'POST', url: `${BASE}/updateVisibility?id=${mine.id}&visible=0` },
        { method: 'POST', url: `${BASE}/resetCredential?id=${mine.id}` },
        `${BASE}/getPlayStream?id=${mine.id}`,
        `${BASE}/getPlayStream?serialNumber=${mine.serialNumber}`,
        `${BASIC}/detail?hangarId=${mine.id}`,
        {
          method: 'POST',
          url: `${BASIC}/submit`,
          payload: {
            hangarId: mine.id,
            safeLandHeight: 50,
            lowBattery: 50,
            ultraLowBattery: 10,
            rthAltitude: 50,
            outOfControlAction: 2,
          },
        },
        // the platform's drone and team, named by another tenant's dock
        {
          method: 'POST',
          url: `${BASE}/submit`,
          payload: dock({ manufacturerId: brandOfB, deptId: null, droneIds: drone.id }),
          status: 400,
          errors: { droneIds: 'choose aircraft of this tenant' },
        },
        {
          method: 'POST',
          url: `${BASE}/submit`,
          payload: dock({ manufacturerId: brandOfB }),
          status: 400,
          errors: { deptId: 'no such team in this tenant' },
        },
      ],
    });
    const [row] = await app.database.db.select().from(dockTable).where(eq(dockTable.id, mine.id));
    expect(row).toMatchObject({
      name: 'A dock',
      visible: 1,
      rthAltitude: 100,
      isDeleted: 0,
      tenantId: '000000',
    });
    const credential = mine.credential as { username: string; password: string };
    expect(
      await app.platform.deviceDirectory.verify(credential.username, credential.password),
    ).not.toBeNull();
  });
});
