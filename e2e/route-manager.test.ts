import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../apps/server/test/helper.js';
import { djiKmz } from '../apps/server/test/route/dji-fixture.js';
import { signInWithGrants } from '../apps/server/test/org-helper.js';
import {
  hasText,
  newPage,
  onePlatform,
  ready,
  screenshotPath,
  signedIn,
  signedInEnglish,
  still,
} from './harness.js';

const env = onePlatform();
const SCREEN = '/route-mission/route/index';
const BASE = '/api/aos-gisservice/routemanageline';
const WAYPOINT = '江边巡检航线';
const AREA = '园区测绘航线';
const DJI = '大疆原生航线';
const AGAIN = '再次导入的航线';

type Row = Record<string, unknown>;

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [116.3, 39.9],
      [116.303, 39.9],
      [116.303, 39.902],
      [116.3, 39.902],
      [116.3, 39.9],
    ],
  ],
};
const waypointDesign = {
  kind: 'waypoint',
  params: {
    defaults: { heightM: 80, speedMS: 8 },
    waypoints: [
      { position: [116.31, 39.91], actions: [{ type: 'takePhoto' }] },
      { position: [116.312, 39.91], heightM: 100 },
      { position: [116.312, 39.912], actions: [{ type: 'hover', hoverTimeS: 5 }] },
    ],
  },
};
const areaDesign = { kind: 'area', params: { polygon: square, cameraId: 'm3e-wide', heightM: 100 } };

/** A 1×1 PNG: the map picture of one route. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let context: BrowserContext;
let page: Page;
let token: string;
const seeded: Record<string, Row> = {};

async function api(method: 'GET' | 'POST', url: string, options: { payload?: unknown; form?: boolean } = {}) {
  const response = await env.platform.app.inject({
    method,
    url,
    payload: options.payload as never,
    headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'zh-CN' },
  });
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 400)}`).toBe(200);
  return response.json().data as Row;
}

/** A picture uploaded through the object store (as the editor uploads its map picture). */
async function uploadPicture(): Promise<string> {
  const form = await multipartForm([{ name: 'file', filename: 'map.png', content: TINY_PNG }]);
  const response = await env.platform.app.inject({
    method: 'POST',
    url: '/api/blade-resource/oss/endpoint/put-file',
    payload: form.payload,
    headers: { ...form.headers, 'blade-auth': `bearer ${token}` },
  });
  expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
  return (response.json().data as { link: string }).link;
}

/** A waypoint route and an area route planned on the server, and the real DJI KMZ (DJI's own points) imported. */
async function seed() {
  seeded[WAYPOINT] = await api('POST', `${BASE}/submit`, {
    payload: { name: WAYPOINT, aircraftModelId: 'dji-m3td', design: waypointDesign },
  });
  seeded[AREA] = await api('POST', `${BASE}/submit`, {
    payload: {
      name: AREA,
      aircraftModelId: 'dji-m3e',
      design: areaDesign,
      // the map picture the editor stores at save: an image uploaded to the platform
      screenshot: await uploadPicture(),
    },
  });
  const form = await multipartForm([{ name: 'file', filename: 'm3td.kmz', content: djiKmz() }]);
  const response = await env.platform.app.inject({
    method: 'POST',
    url: `${BASE}/import?name=${encodeURIComponent(DJI)}`,
    payload: form.payload,
    headers: { ...form.headers, 'blade-auth': `bearer ${token}` },
  });
  expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
  seeded[DJI] = response.json().data as Row;
}

async function openScreen(on: Page) {
  await on.goto(`${env.platform.url}${SCREEN}`);
  await on.getByTestId('route-table').waitFor();
  await ready(on);
  await on.locator('[data-testid="route-table"] .ant-spin-spinning').waitFor({ state: 'detached' });
}

/** The names in the table, in order. */
const names = (on: Page) => on.getByTestId('route-table').getByTestId('route-name').allInnerTexts();
const row = (on: Page, name: string) =>
  on
    .getByTestId('route-table')
    .locator('tr', { has: on.getByTestId('route-name').getByText(name, { exact: true }) });

/** Choose `option` in the search form's select `field`, then search. */
async function searchBy(on: Page, field: string, option: string) {
  await on.locator('.crud-search').getByTestId(`field-${field}`).click();
  await on
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
  const answered = on.waitForResponse((answer) => answer.url().includes(`${BASE}/page`));
  await on.getByTestId('route-search').click();
  expect((await answered).status()).toBe(200);
}

async function resetSearch(on: Page) {
  const answered = on.waitForResponse((answer) => answer.url().includes(`${BASE}/page`));
  await on.getByTestId('route-reset').click();
  await answered;
}

/** What the detail map says it drew. */
const published = async <T>(on: Page, attribute: string): Promise<T | null> => {
  const text = await on.getByTestId('route-detail-map').getAttribute(attribute);
  return text ? (JSON.parse(text) as T) : null;
};

beforeAll(async () => {
  ({ context, page } = await newPage(env.browser));
  await signedIn(page, env.platform);
  token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('aos-token')!).content as string);
  await seed();
});
afterAll(async () => {
  await context?.close();
});

describe('route manager', () => {
  it('lists the routes with their figures and filters them by planner and visibility (zh-CN)', async () => {
    await openScreen(page);
    await expect.poll(() => names(page)).toEqual([DJI, AREA, WAYPOINT]);
    // figures: the area route's kind, its area in hectares, its map picture; the others a placeholder
    const area = row(page, AREA);
    await hasText(area.getByTestId('route-kind'), '面状航线');
    await hasText(area, '公顷');
    await hasText(area.getByTestId('route-public'), '本部门');
    await expect
      .poll(() => area.getByTestId('route-thumbnail').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1);
    expect(await page.getByTestId('route-thumbnail-none').count()).toBe(2);
    const distance = await row(page, WAYPOINT).getByTestId('route-distance').innerText();
    expect(distance).toMatch(/^\d+ 米$/);
    await still(page);
    await page.screenshot({ path: screenshotPath('route-manager-list-zh-CN') });

    await searchBy(page, 'kind', '面状航线');
    await expect.poll(() => names(page)).toEqual([AREA]);
    await resetSearch(page);
    await expect.poll(() => names(page)).toHaveLength(3);

    // nothing public yet: the empty state says what to do
    await searchBy(page, 'isPublic', '公开');
    await hasText(page.getByTestId('route-table'), '没有符合条件的航线');
    await page.screenshot({ path: screenshotPath('route-manager-empty-zh-CN') });
    await resetSearch(page);

    // make the waypoint route public: its tag changes and the public filter finds it alone
    await row(page, WAYPOINT).getByTestId('row-public').click();
    await hasText(page.locator('.ant-modal-confirm'), '确定公开吗');
    const made = page.waitForResponse((answer) => answer.url().includes(`${BASE}/public`));
    await page.getByTestId('confirm-public').click();
    const answer = await made;
    expect(answer.status()).toBe(200);
    expect(JSON.parse(answer.request().postData()!)).toEqual({ ids: seeded[WAYPOINT]!.id, isPublic: 1 });
    await hasText(page.locator('.ant-message'), `“${WAYPOINT}”已公开`);
    await hasText(row(page, WAYPOINT).getByTestId('route-public'), '公开');
    await searchBy(page, 'isPublic', '公开');
    await expect.poll(() => names(page)).toEqual([WAYPOINT]);
    await resetSearch(page);
  });

  it('shows a route on the map with its figures and fingerprint, and copies one (zh-CN)', async () => {
    await openScreen(page);
    await row(page, AREA).getByTestId('row-view').click();
    const drawer = page.getByTestId('route-detail');
    await page.locator('[data-testid="route-detail-map"][data-state="ready"]').waitFor();
    const detail = await api('GET', `${BASE}/detail?id=${String(seeded[AREA]!.id)}`);
    const lines = detail.waylines as number[][][];
    await expect
      .poll(() => published<number[]>(page, 'data-waylines'))
      .toEqual(lines.map((line) => line.length));
    expect(await published<number[]>(page, 'data-start')).toEqual(lines[0]![0]!.slice(0, 2));
    expect(await published<number[]>(page, 'data-end')).toEqual(lines.at(-1)!.at(-1)!.slice(0, 2));
    await hasText(drawer.getByTestId('route-detail-fingerprint'), String(detail.fingerprint));
    await hasText(drawer.getByTestId('route-detail-figures'), '在线规划');
    await hasText(drawer.getByTestId('route-detail-figures'), String(detail.photoCount));
    await still(page);
    await page.screenshot({ path: screenshotPath('route-manager-detail-zh-CN') });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // the imported DJI file: its source and file name, several hundred points drawn
    await row(page, DJI).getByTestId('row-view').click();
    await page.locator('[data-testid="route-detail-map"][data-state="ready"]').waitFor();
    await hasText(drawer.getByTestId('route-detail-figures'), 'KMZ 导入');
    await hasText(drawer.getByTestId('route-detail-figures'), 'm3td.kmz');
    await expect
      .poll(async () => ((await published<number[]>(page, 'data-waylines')) ?? []).reduce((a, b) => a + b, 0))
      .toBe(Number(seeded[DJI]!.waypointCount));
    await still(page);
    await page.screenshot({ path: screenshotPath('route-manager-detail-kmz-zh-CN') });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    const copied = page.waitForResponse((answer) => answer.url().includes(`${BASE}/copy`));
    await row(page, WAYPOINT).getByTestId('row-copy').click();
    expect((await copied).status()).toBe(200);
    await hasText(page.locator('.ant-message'), `已复制为“${WAYPOINT}（副本）”`);
    await expect.poll(() => names(page)).toContain(`${WAYPOINT}（副本）`);
  });

  it('exports a KMZ, imports it back, and deletes a route (zh-CN)', async () => {
    await openScreen(page);
    await row(page, DJI).getByTestId('row-export').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('route-export-kmz').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(`${DJI}.kmz`);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // import it back through the dialog: a KMZ names its own aircraft
    await page.getByTestId('route-import').click();
    const dialog = page.getByTestId('route-import-form');
    await dialog.waitFor();
    await page.getByTestId('route-import-submit').click();
    await hasText(dialog.locator('.ant-form-item-explain-error'), '请选择要导入的文件');
    await dialog.locator('input[type=file]').setInputFiles({
      name: file.suggestedFilename(),
      mimeType: 'application/vnd.google-earth.kmz',
      buffer: bytes,
    });
    await hasText(page.getByTestId('route-import-file-name'), `${DJI}.kmz`);
    await page.getByTestId('route-import-name').fill(AGAIN);
    await still(page);
    await page.screenshot({ path: screenshotPath('route-manager-import-zh-CN') });
    const imported = page.waitForResponse((answer) => answer.url().includes(`${BASE}/import`));
    await page.getByTestId('route-import-submit').click();
    expect((await imported).status()).toBe(200);
    await hasText(page.locator('.ant-message'), `已导入“${AGAIN}”`);
    await expect.poll(() => names(page)).toContain(AGAIN);
    const again = row(page, AGAIN);
    await hasText(again, String(seeded[DJI]!.waypointCount));

    // delete the copy of the waypoint route
    await row(page, `${WAYPOINT}（副本）`).getByTestId('row-delete').click();
    const removed = page.waitForResponse((answer) => answer.url().includes(`${BASE}/remove`));
    await page.getByTestId('confirm-delete').click();
    expect((await removed).status()).toBe(200);
    await expect.poll(() => names(page)).not.toContain(`${WAYPOINT}（副本）`);
    await still(page);
    await page.screenshot({ path: screenshotPath('route-manager-after-zh-CN') });
  });

  it('works in English: figures, detail, and an import refused on the fields it names', async () => {
    const english = await newPage(env.browser, 'en-US');
    try {
      const on = english.page;
      await signedInEnglish(on, env.platform);
      await openScreen(on);
      await hasText(on.getByTestId('route-table').locator('thead'), 'Planner');
      await hasText(row(on, AREA).getByTestId('route-kind'), 'Area');
      await hasText(row(on, AREA), ' ha');
      await hasText(row(on, WAYPOINT).getByTestId('route-public'), 'Public');
      // the imported DJI file (and its export imported back) is a waypoint route too
      await searchBy(on, 'kind', 'Waypoints');
      await expect.poll(() => names(on)).toEqual([AGAIN, DJI, WAYPOINT]);
      await resetSearch(on);
      await still(on);
      await on.screenshot({ path: screenshotPath('route-manager-list-en-US') });

      await row(on, WAYPOINT).getByTestId('row-view').click();
      await on.locator('[data-testid="route-detail-map"][data-state="ready"]').waitFor();
      await expect.poll(() => published<number[]>(on, 'data-waylines')).toEqual([3]);
      await hasText(on.getByTestId('route-detail-figures'), 'Planned here');
      await still(on);
      await on.screenshot({ path: screenshotPath('route-manager-detail-en-US') });
      await on.keyboard.press('Escape');

      // a GeoJSON work area: the aircraft is required here, the camera and height by the server
      await on.getByTestId('route-import').click();
      const dialog = on.getByTestId('route-import-form');
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'area.geojson',
        mimeType: 'application/geo+json',
        buffer: Buffer.from(JSON.stringify({ type: 'Feature', properties: {}, geometry: square })),
      });
      await on.getByTestId('route-import-submit').click();
      await hasText(
        dialog.locator('.ant-form-item-explain-error'),
        'Choose the aircraft for a KML or GeoJSON file',
      );
      await on.getByTestId('route-import-aircraft').click();
      await on
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Mavic 3E' })
        .first()
        .click();
      const refused = on.waitForResponse((answer) => answer.url().includes(`${BASE}/import`));
      await on.getByTestId('route-import-submit').click();
      const answer = await refused;
      expect(answer.status()).toBe(400);
      const errors = Object.keys(((await answer.json()) as { data: { errors: Row } }).data.errors);
      expect(errors.length).toBeGreaterThan(0);
      const marked = dialog.locator('.ant-form-item-has-error');
      await expect.poll(() => marked.count()).toBeGreaterThan(0);
      await still(on);
      await on.screenshot({ path: screenshotPath('route-manager-import-refused-en-US') });

      // with the camera and height the polygon becomes an area route
      await on.getByTestId('route-import-camera').click();
      await on
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Mavic 3E' })
        .first()
        .click();
      await on.getByTestId('route-import-height').fill('90');
      await on.getByTestId('route-import-name').fill('Imported work area');
      const imported = on.waitForResponse((response) => response.url().includes(`${BASE}/import`));
      await on.getByTestId('route-import-submit').click();
      expect((await imported).status()).toBe(200);
      await hasText(on.locator('.ant-message'), 'Imported "Imported work area"');
      await hasText(row(on, 'Imported work area').getByTestId('route-kind'), 'Area');
    } finally {
      await english.context.close();
    }
  });

  it('shows a viewer without buttons what they may not do, and only the public routes of another team', async () => {
    // a user of no team whose role holds the screen and its view button only
    await signInWithGrants(env.platform.app, '000000', 'routeviewer', [
      'route_mission_manage',
      'route',
      'route_view',
    ]);
    const viewer = await newPage(env.browser);
    try {
      const on = viewer.page;
      await signedIn(on, env.platform, { username: 'routeviewer' });
      await openScreen(on);
      await expect.poll(() => names(on)).toEqual([WAYPOINT]);
      for (const absent of ['route-add', 'route-import', 'route-batch-delete'])
        expect(await on.getByTestId(absent).count(), absent).toBe(0);
      const only = row(on, WAYPOINT);
      for (const absent of ['row-edit', 'row-copy', 'row-export', 'row-public', 'row-delete'])
        expect(await only.getByTestId(absent).count(), absent).toBe(0);
      await only.getByTestId('row-view').click();
      await on.locator('[data-testid="route-detail-map"][data-state="ready"]').waitFor();
      await expect.poll(() => published<number[]>(on, 'data-waylines')).toEqual([3]);
      await still(on);
      await on.screenshot({ path: screenshotPath('route-manager-viewer-zh-CN') });
    } finally {
      await viewer.context.close();
    }
  });
});
