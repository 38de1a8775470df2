import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Platform,
  hasText,
  launchBrowser,
  newPage,
  onePlatform,
  ready,
  screenshotPath,
  signedIn,
  signedInEnglish,
  startPlatform,
} from './harness.js';

const env = onePlatform();

interface Shape {
  type: string;
  coordinates?: number[][][];
}

/** The editor's value, as its map publishes it. */
async function drawn(page: Page): Promise<Shape | null> {
  const text = await page.getByTestId('field-geometry-map').getAttribute('data-geometry');
  return text ? (JSON.parse(text) as Shape | null) : null;
}

/** Distinct nodes of the drawn polygon's outer ring. */
async function polygonNodes(page: Page): Promise<number> {
  const shape = await drawn(page);
  return shape?.type === 'Polygon' ? shape.coordinates![0]!.length - 1 : 0;
}

async function openZoneScreen(page: Page, platform: Platform, path: string, testId: string) {
  await page.goto(`${platform.url}${path}`);
  await page.getByTestId(`${testId}-table`).waitFor();
  await ready(page);
  await page.locator(`[data-testid="${testId}-map"][data-state="ready"]`).waitFor();
}

async function openAddDialog(page: Page, testId: string) {
  await page.getByTestId(`${testId}-add`).click();
  await page.getByTestId(`${testId}-form`).waitFor();
  await page.locator('[data-testid="field-geometry-map"][data-state="ready"]').waitFor();
  await page.waitForTimeout(300);
}

/** The editor map's middle, in page pixels. */
async function editorCentre(page: Page) {
  const box = await page.getByTestId('field-geometry-map').boundingBox();
  if (!box) throw new Error('the editor map has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Draw a triangle around the map's middle; its corners, in page pixels. */
async function drawTriangle(page: Page) {
  const c = await editorCentre(page);
  const corners = [
    { x: c.x - 110, y: c.y + 70 },
    { x: c.x + 110, y: c.y + 70 },
    { x: c.x, y: c.y - 90 },
  ];
  await page.getByTestId('field-geometry-draw-Polygon').click();
  for (const corner of corners) {
    await page.mouse.move(corner.x, corner.y, { steps: 3 });
    await page.mouse.click(corner.x, corner.y);
    await page.waitForTimeout(150);
  }
  // a click on the first node closes the ring
  await page.mouse.move(corners[0]!.x, corners[0]!.y, { steps: 3 });
  await page.mouse.click(corners[0]!.x, corners[0]!.y);
  await expect.poll(() => polygonNodes(page)).toBe(3);
  return corners;
}

/** Alt+click a node (the pointer first rests on it, so the editor knows which node it is over). */
async function altClick(page: Page, point: { x: number; y: number }) {
  await page.mouse.move(point.x + 3, point.y + 3);
  await page.mouse.move(point.x, point.y, { steps: 3 });
  await page.waitForTimeout(100);
  await page.keyboard.down('Alt');
  await page.mouse.click(point.x, point.y);
  await page.keyboard.up('Alt');
}

const NOFLY_GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: '首都禁飞区' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [116.3, 39.8],
            [116.5, 39.8],
            [116.5, 40.0],
            [116.3, 40.0],
            [116.3, 39.8],
          ],
        ],
      },
    },
  ],
});

const FENCE_GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: '导入围栏' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [116.0, 39.5],
            [116.2, 39.5],
            [116.1, 39.7],
            [116.0, 39.5],
          ],
        ],
      },
    },
  ],
});

describe('airspace: no-fly zones, fences, the geometry editor and the live map', () => {
  it('draws a fence, refuses to delete a node of a triangle, edits, undoes and saves it', async () => {
    const { context, page } = await newPage(env.browser);
    try {
      await signedIn(page, env.platform);
      await openZoneScreen(page, env.platform, '/airspace/fence/index', 'fence');
      await openAddDialog(page, 'fence');
      await page.getByTestId('fence-form').getByTestId('field-name').fill('北区围栏');
      const corners = await drawTriangle(page);
      await hasText(page.getByTestId('field-geometry-measures'), '面积');

      // a triangle keeps its 3 nodes: Alt+click on one is refused with the spec's message
      await altClick(page, corners[2]!);
      await hasText(page.getByTestId('field-geometry-refusal'), '面至少保留 3 个节点');
      expect(await polygonNodes(page)).toBe(3);
      await page.screenshot({ path: screenshotPath('airspace-fence-refused-zh-CN') });

      // dragging the middle of an edge adds a node; in delete mode a click takes it away again; undo brings it back
      const middle = { x: (corners[0]!.x + corners[1]!.x) / 2, y: corners[0]!.y };
      await page.mouse.move(middle.x, middle.y, { steps: 3 });
      await page.waitForTimeout(100);
      await page.mouse.down();
      await page.mouse.move(middle.x, middle.y + 40, { steps: 6 });
      await page.mouse.up();
      await expect.poll(() => polygonNodes(page)).toBe(4);
      await page.getByTestId('field-geometry-delete-node').click();
      await page.mouse.move(middle.x + 2, middle.y + 42);
      await page.mouse.move(middle.x, middle.y + 40, { steps: 3 });
      await page.waitForTimeout(100);
      await page.mouse.click(middle.x, middle.y + 40);
      await expect.poll(() => polygonNodes(page)).toBe(3);
      await page.getByTestId('field-geometry-delete-node').click();
      await page.getByTestId('field-geometry-undo').click();
      await expect.poll(() => polygonNodes(page)).toBe(4);

      const saved = page.waitForResponse((answer) => answer.url().includes('/electronicfence/submit'));
      await page.getByTestId('fence-submit').click();
      expect((await saved).status(), 'POST electronicfence/submit').toBe(200);
      await hasText(page.locator('.ant-message'), '新增成功');
      await hasText(page.getByTestId('fence-table').locator('tr', { hasText: '北区围栏' }), '多边形');
      await expect
        .poll(async () => (await page.getByTestId('fence-map').getAttribute('data-zones')) ?? '')
        .toContain('北区围栏');
      await page.screenshot({ path: screenshotPath('airspace-fence-saved-zh-CN') });

      // editing it again: the map shows the whole fence, and the refusal of before is gone
      await page
        .getByTestId('fence-table')
        .locator('tr', { hasText: '北区围栏' })
        .getByTestId('row-edit')
        .click();
      await page.locator('[data-testid="field-geometry-map"][data-shape-in-view="yes"]').waitFor();
      expect(await polygonNodes(page)).toBe(4);
      expect(await page.getByTestId('field-geometry-refusal').count()).toBe(0);
      expect(await page.getByTestId('field-geometry-undo').isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('imports zones (a GeoJSON file into the editor, and a fence file through the import button)', async () => {
    const { context, page } = await newPage(env.browser);
    try {
      await signedIn(page, env.platform);
      await openZoneScreen(page, env.platform, '/airspace/no-fly-zone/index', 'no-fly-zone');
      await openAddDialog(page, 'no-fly-zone');
      const form = page.getByTestId('no-fly-zone-form');
      await form.getByTestId('field-name').fill('首都禁飞区');
      await form.getByTestId('field-type').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await page.getByTestId('field-geometry-file').setInputFiles({
        name: 'capital.geojson',
        mimeType: 'application/geo+json',
        buffer: Buffer.from(NOFLY_GEOJSON),
      });
      await hasText(page.locator('.ant-message'), '已导入图形');
      expect(await polygonNodes(page)).toBe(4);
      await page.screenshot({ path: screenshotPath('airspace-nofly-imported-zh-CN') });
      const saved = page.waitForResponse((answer) => answer.url().includes('/noflyzone/submit'));
      await page.getByTestId('no-fly-zone-submit').click();
      expect((await saved).status(), 'POST noflyzone/submit').toBe(200);
      await hasText(page.locator('.ant-message'), '新增成功');
      await hasText(page.getByTestId('no-fly-zone-table').locator('tr', { hasText: '首都禁飞区' }), '多边形');

      // a fence file through the screen's import (the server reads it)
      await openZoneScreen(page, env.platform, '/airspace/fence/index', 'fence');
      const imported = page.waitForResponse((answer) => answer.url().includes('/importElectronicFence'));
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('fence-import').click();
      await (
        await chooser
      ).setFiles({
        name: 'fence.geojson',
        mimeType: 'application/geo+json',
        buffer: Buffer.from(FENCE_GEOJSON),
      });
      expect((await imported).status(), 'POST electronicfence/importElectronicFence').toBe(200);
      await hasText(page.locator('.ant-message'), '导入成功');
      await hasText(page.getByTestId('fence-table'), '导入围栏');
      // editing it: the editor's map comes to the fence (its record arrives after the dialog opened)
      await page
        .getByTestId('fence-table')
        .locator('tr', { hasText: '导入围栏' })
        .getByTestId('row-edit')
        .click();
      await page.locator('[data-testid="field-geometry-map"][data-shape-in-view="yes"]').waitFor();
      await page.getByTestId('fence-form').press('Escape');

      // the live map shows the tenant's zones and fences, and hides them on request
      await page.goto(`${env.platform.url}/realtime-monitoring/index`);
      await page.locator('[data-testid="live-map"][data-state="ready"]').waitFor();
      await expect
        .poll(async () => (await page.getByTestId('live-map').getAttribute('data-zones')) ?? '')
        .toContain('首都禁飞区');
      const zones = (await page.getByTestId('live-map').getAttribute('data-zones')) ?? '';
      expect(zones).toContain('导入围栏');
      expect(await page.getByTestId('live-map-zones').getAttribute('aria-pressed')).toBe('true');
      await page.screenshot({ path: screenshotPath('airspace-live-map-zh-CN') });
      await page.getByTestId('live-map-zones').click();
      expect(await page.getByTestId('live-map-zones').getAttribute('aria-pressed')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('speaks English: the editor, its refusal and the live map', async () => {
    const { context, page } = await newPage(env.browser, 'en-US');
    try {
      await signedInEnglish(page, env.platform);
      await openZoneScreen(page, env.platform, '/airspace/fence/index', 'fence');
      await openAddDialog(page, 'fence');
      await hasText(page.locator('.ant-modal-title'), 'electronic fence');
      const corners = await drawTriangle(page);
      await altClick(page, corners[1]!);
      await hasText(page.getByTestId('field-geometry-refusal'), 'a polygon keeps at least 3 nodes');
      await hasText(page.getByTestId('field-geometry-measures'), 'Area');
      await page.screenshot({ path: screenshotPath('airspace-fence-refused-en-US') });
      await page.keyboard.press('Escape');

      await page.goto(`${env.platform.url}/realtime-monitoring/index`);
      await page.locator('[data-testid="live-map"][data-state="ready"]').waitFor();
      await hasText(page.getByTestId('live-map-zones'), 'Airspace');
      await expect
        .poll(async () => (await page.getByTestId('live-map').getAttribute('data-zones')) ?? '')
        .toContain('北区围栏');
      await page.screenshot({ path: screenshotPath('airspace-live-map-en-US') });
    } finally {
      await context.close();
    }
  });
});

/** A 1×1 PNG: what the routed tile servers answer. */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('named base layers (MAP_LAYERS) with a GCJ-02 satellite layer', () => {
  let platform: Platform;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    [platform, browser] = await Promise.all([
      startPlatform({
        MAP_LAYERS: JSON.stringify([
          { name: 'Streets', url: 'http://street.map.test/{z}/{x}/{y}.png' },
          { name: 'Satellite', url: 'http://sat.map.test/{z}/{x}/{y}.jpg', crs: 'GCJ02', kind: 'satellite' },
        ]),
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  it('opens on the street layer and switches to the satellite layer and to the offline boundaries', async () => {
    const { context, page } = await newPage(browser);
    try {
      const requested: string[] = [];
      await page.route(/^http:\/\/(street|sat)\.map\.test\//, async (route) => {
        requested.push(new URL(route.request().url()).host);
        await route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
      });
      await signedIn(page, platform);
      await page.goto(`${platform.url}/realtime-monitoring/index`);
      const map = page.getByTestId('live-map');
      await page.locator('[data-testid="live-map"][data-state="ready"]').waitFor();
      expect(await map.getAttribute('data-base-layer')).toBe('tiles-0');
      await expect.poll(() => requested.includes('street.map.test')).toBe(true);
      expect(requested.includes('sat.map.test')).toBe(false);

      await page.getByTestId('live-map-layer-tiles-1').click();
      expect(await map.getAttribute('data-base-crs')).toBe('GCJ02');
      await expect.poll(() => requested.includes('sat.map.test')).toBe(true);
      await page.screenshot({ path: screenshotPath('airspace-layers-gcj02') });

      await page.getByTestId('live-map-layer-offline').click();
      expect(await map.getAttribute('data-base-layer')).toBe('offline');
      expect(await page.getByTestId('live-map-layer-offline').getAttribute('aria-checked')).toBe('true');
      await hasText(page.getByTestId('live-map-layers'), '离线边界');
    } finally {
      await context.close();
    }
  });
});
