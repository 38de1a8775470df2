import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  type Platform,
  hasText,
  newPage,
  onePlatform,
  ready,
  screenshotPath,
  signedIn,
  signedInEnglish,
} from './harness.js';

const env = onePlatform();

async function openScreen(page: Page, platform: Platform) {
  await page.goto(`${platform.url}/airspace/airspace/index`);
  await page.getByTestId('airspace-table').waitFor();
  await ready(page);
  await page.locator('[data-testid="airspace-map"][data-state="ready"]').waitFor();
}

/** The names the screen's map draws, and the one highlighted. */
const mapped = async (page: Page) =>
  JSON.parse((await page.getByTestId('airspace-map').getAttribute('data-ranges')) ?? '[]') as string[];

/** The editor's drawn polygon's distinct nodes. */
async function polygonNodes(page: Page): Promise<number> {
  const text = await page.getByTestId('field-geometry-map').getAttribute('data-geometry');
  const shape = text ? (JSON.parse(text) as { type: string; coordinates?: number[][][] } | null) : null;
  return shape?.type === 'Polygon' ? shape.coordinates![0]!.length - 1 : 0;
}

/** Draw a triangle around the editor map's middle. */
async function drawTriangle(page: Page) {
  await page.getByTestId('field-geometry-map').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('field-geometry-map').boundingBox())!;
  const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const corners = [
    { x: c.x - 110, y: c.y + 70 },
    { x: c.x + 110, y: c.y + 70 },
    { x: c.x, y: c.y - 90 },
    { x: c.x - 110, y: c.y + 70 }, // the first node again closes the ring
  ];
  await page.getByTestId('field-geometry-draw-Polygon').click();
  for (const corner of corners) {
    await page.mouse.move(corner.x, corner.y, { steps: 3 });
    await page.mouse.click(corner.x, corner.y);
    await page.waitForTimeout(150);
  }
  await expect.poll(() => polygonNodes(page)).toBe(3);
}

/** Type a time into an antd date picker and confirm it. */
async function pickTime(page: Page, field: Locator, text: string) {
  const input = field.locator('xpath=self::input | .//input').first();
  await input.click();
  await input.fill(text);
  await page.keyboard.press('Enter');
}

const square = (x: number, y: number, size: number) => [
  [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
    [x, y],
  ],
];
const featureCollection = (...names: string[]) =>
  Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: names.map((name, index) => ({
        type: 'Feature',
        properties: { name },
        geometry: { type: 'Polygon', coordinates: square(116.2 + index * 0.2, 39.7, 0.1) },
      })),
    }),
  );

async function importFile(page: Page, name: string, buffer: Buffer) {
  const answer = page.waitForResponse((response) => response.url().includes('/importAirSpace'));
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('airspace-import').click();
  await (await chooser).setFiles({ name, mimeType: 'application/geo+json', buffer });
  return (await answer).status();
}

/** The admin's token, signed in through the API. */
async function adminToken(): Promise<string> {
  const response = await env.platform.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
    query: {
      tenantId: '000000',
      username: 'admin',
      password: createHash('md5').update(ADMIN_PASSWORD).digest('hex'),
      grant_type: 'password',
      scope: 'all',
    },
  });
  return (response.json() as { access_token: string }).access_token;
}

/** A POST of the GIS API as the admin; answers the saved record. */
async function post(path: string, payload: unknown) {
  const token = await adminToken();
  const response = await env.platform.app.inject({
    method: 'POST',
    url: `/api/aos-gisservice/${path}`,
    headers: { 'blade-auth': `bearer ${token}` },
    payload: payload as object,
  });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return (response.json() as { data: { id: string } }).data;
}

/** A complete application submitted for approval through the API (as another applicant would). */
async function submittedApplication(name: string) {
  const { id } = await post('airspace/submit', {
    name,
    serialNumber: 'SN-HARBOUR-1',
    model: 'Matrice 30T',
    registrationNumber: 'UAS-0004321',
    contactPerson: 'Wang Fang',
    phone: '13900139000',
    startTime: '2030-06-01 08:00:00',
    endTime: '2030-06-02 18:00:00',
    taskNature: 1,
    ceiling: 90,
    geometry: { type: 'Circle', center: [121.5, 31.2], radius: 1500 },
  });
  await post('airspace/apply', { id });
}

const row = (page: Page, name: string) => page.getByTestId('airspace-table').locator('tr', { hasText: name });

describe('airspace applications', () => {
  it('adds an application with a drawn range (refused without a serial number), submits and approves it, and shows its history', async () => {
    const { context, page } = await newPage(env.browser);
    try {
      await post('uavairport/submit', {
        name: '北坡起降场',
        longitude: 116.41,
        latitude: 39.91,
        altitude: 45,
        type: 2,
      });
      await signedIn(page, env.platform);
      await openScreen(page, env.platform);
      await page.getByTestId('airspace-add').click();
      const form = page.getByTestId('airspace-form');
      await form.waitFor();
      await page.locator('[data-testid="field-geometry-map"][data-state="ready"]').waitFor();

      await form.getByTestId('field-name').fill('西山巡检空域');
      await form.getByTestId('field-model').fill('Matrice 3TD');
      await form.getByTestId('field-registrationNumber').fill('UAS-0001234');
      await form.getByTestId('field-taskNature').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await form.getByTestId('field-contactPerson').fill('李伟');
      await form.getByTestId('field-phone').fill('13800138000');
      await pickTime(page, form.getByTestId('field-startTime'), '2030-05-01 08:00:00');
      await pickTime(page, form.getByTestId('field-endTime'), '2030-05-03 18:00:00');
      await form.getByTestId('field-ceiling').fill('120');
      await form.getByTestId('field-uavAirportIds').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '北坡起降场' })
        .click();
      await page.locator('.ant-modal-title').click(); // closes the list (Escape would close the dialog)
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
      await page.getByTestId('takeoff-add').click();
      await page.getByTestId('takeoff-0').fill('116.401,39.901');
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('attach-upload').click();
      await (
        await chooser
      ).setFiles({ name: '批复.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 approval') });
      await hasText(page.getByTestId('field-attachFiles'), '批复.pdf');
      await drawTriangle(page);
      await page.screenshot({ path: screenshotPath('airspace-applications-dialog-range-zh-CN') });

      // no serial number: refused on that field with the spec's message, nothing sent
      await page.getByTestId('airspace-submit').click();
      await hasText(form.locator('.ant-form-item-explain-error'), '请输入飞行器序列号');
      await page.screenshot({ path: screenshotPath('airspace-applications-dialog-zh-CN') });

      await form.getByTestId('field-serialNumber').fill('SN-AIR-0001');
      const saved = page.waitForResponse((response) => response.url().includes('/airspace/submit'));
      await page.getByTestId('airspace-submit').click();
      expect((await saved).status(), 'POST airspace/submit').toBe(200);
      await hasText(page.locator('.ant-message'), '新增成功');
      await hasText(row(page, '西山巡检空域').getByTestId('airspace-status'), '草稿');
      await expect.poll(() => mapped(page)).toContain('西山巡检空域');

      // submit, then approve as the admin
      await row(page, '西山巡检空域').getByTestId('row-apply').click();
      await page.getByTestId('airspace-confirm').click();
      await hasText(row(page, '西山巡检空域').getByTestId('airspace-status'), '待审批');
      await row(page, '西山巡检空域').getByTestId('row-approve').click();
      await page.getByTestId('airspace-confirm').click();
      await hasText(row(page, '西山巡检空域').getByTestId('airspace-status'), '已批准');
      expect(await row(page, '西山巡检空域').getByTestId('row-edit').count()).toBe(0);
      await row(page, '西山巡检空域').getByTestId('row-locate').click();
      await expect
        .poll(() => page.getByTestId('airspace-map').getAttribute('data-selected'))
        .toBe('西山巡检空域');
      await page.screenshot({ path: screenshotPath('airspace-applications-list-zh-CN') });

      // the detail: fields, files, range and the history of who moved it when
      await row(page, '西山巡检空域').getByTestId('row-detail').click();
      const view = page.getByTestId('airspace-view');
      await view.waitFor();
      await hasText(view, 'SN-AIR-0001');
      await hasText(view, '北坡起降场；116.401, 39.901');
      await hasText(view.getByTestId('airspace-files'), '批复.pdf');
      await expect.poll(() => view.getByTestId('airspace-step').count()).toBe(3);
      await hasText(view.getByTestId('airspace-history'), '待审批 → 已批准');
      await page.locator('[data-testid="airspace-view-map"][data-state="ready"]').waitFor();
      await expect
        .poll(() => page.getByTestId('airspace-view-map').getAttribute('data-fitted'))
        .toBe('西山巡检空域');
      await page.waitForTimeout(400); // the fit's animation
      await page.screenshot({ path: screenshotPath('airspace-applications-detail-zh-CN') });
    } finally {
      await context.close();
    }
  });

  it('imports one range (two are refused with the spec message) and shows it on the map, in English', async () => {
    const { context, page } = await newPage(env.browser);
    try {
      await submittedApplication('Harbour survey');
      await signedInEnglish(page, env.platform);
      await openScreen(page, env.platform);
      const header = page.getByTestId('airspace-table').locator('thead');
      await hasText(header, 'Serial number');
      await hasText(header, 'Ceiling (m)');
      await hasText(header, 'Last change');

      // reject with a reason (required), then find it by its status and read the reason in its history
      await row(page, 'Harbour survey').getByTestId('row-reject').click();
      await page.getByTestId('airspace-reject-ok').click();
      await hasText(page.locator('.ant-form-item-explain-error'), 'enter the reason for the rejection');
      await page.getByTestId('airspace-reject-reason').fill('Too close to the port approach');
      await page.getByTestId('airspace-reject-ok').click();
      await hasText(row(page, 'Harbour survey').getByTestId('airspace-status'), 'Rejected');
      await page.getByTestId('field-approvalStatus').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Rejected' })
        .click();
      await page.getByTestId('airspace-search').click();
      await expect
        .poll(() => page.getByTestId('airspace-table').locator('tbody tr.ant-table-row').count())
        .toBe(1);
      await row(page, 'Harbour survey').getByTestId('row-detail').click();
      await hasText(page.getByTestId('airspace-history'), 'Reason: Too close to the port approach');
      await page.getByTestId('airspace-view').getByText('Submitted → Rejected').waitFor();
      await expect
        .poll(() => page.getByTestId('airspace-view-map').getAttribute('data-fitted'))
        .toBe('Harbour survey');
      await page.waitForTimeout(400);
      await page.screenshot({ path: screenshotPath('airspace-applications-rejected-en-US') });
      await page.keyboard.press('Escape');
      await page.getByTestId('airspace-view').waitFor({ state: 'detached' });
      await page.getByTestId('airspace-reset').click();

      expect(await importFile(page, 'two.geojson', featureCollection('North', 'South'))).toBe(400);
      await hasText(page.locator('.ant-message'), 'Airspace import may contain only one airspace range');

      expect(await importFile(page, 'one.geojson', featureCollection('Imported ridge'))).toBe(200);
      await hasText(page.locator('.ant-message'), 'Imported “Imported ridge”');
      // the draft opens in the dialog with its range, to be completed
      const form = page.getByTestId('airspace-form');
      await form.waitFor();
      await expect.poll(() => polygonNodes(page)).toBe(4);
      expect(await form.getByTestId('field-name').inputValue()).toBe('Imported ridge');
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });
      await hasText(row(page, 'Imported ridge').getByTestId('airspace-status'), 'Draft');
      await expect.poll(() => mapped(page)).toContain('Imported ridge');
      await expect
        .poll(() => page.getByTestId('airspace-map').getAttribute('data-fitted'))
        .toBe('Imported ridge');
      await page.waitForTimeout(400);
      await page.screenshot({ path: screenshotPath('airspace-applications-list-en-US') });
    } finally {
      await context.close();
    }
  });
});
