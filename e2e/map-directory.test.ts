import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasText,
  newPage,
  onePlatform,
  ready,
  screenshotPath,
  signedIn,
  signedInEnglish,
} from './harness.js';

const env = onePlatform();

/** The names a map draws, as its marks layer publishes them. */
async function drawnMarks(page: Page, mapTestId: string): Promise<string[]> {
  const text = await page.getByTestId(mapTestId).getAttribute('data-marks');
  return text ? (JSON.parse(text) as string[]) : [];
}

/** A directory's row in a tree, by its name. */
const dirNode = (page: Page, treeTestId: string, name: string): Locator =>
  page.locator(`[data-testid="${treeTestId}-node"][data-name="${name}"]`);

async function openScreen(page: Page) {
  await page.goto(`${env.platform.url}/map/directory`);
  await page.getByTestId('mapdir-screen').waitFor();
  await ready(page);
  await page.locator('[data-testid="mapdir-map"][data-state="ready"]').waitFor();
}

async function addDir(page: Page, name: string) {
  await page.getByTestId('mapdir-add-dir').click();
  await page.getByTestId('mapdir-dir-name').fill(name);
  await page.getByTestId('mapdir-dir-save').click();
  await dirNode(page, 'mapdir-tree', name).waitFor();
  await page.getByTestId('mapdir-dir-form').waitFor({ state: 'detached' });
}

/** The editor map's middle, in page pixels. */
async function editorCentre(page: Page) {
  const box = await page.getByTestId('field-geometry-map').boundingBox();
  if (!box) throw new Error('the editor map has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function drawnType(page: Page): Promise<string | null> {
  const text = await page.getByTestId('field-geometry-map').getAttribute('data-geometry');
  return text ? ((JSON.parse(text) as { type?: string } | null)?.type ?? null) : null;
}

async function openMarkDialog(page: Page) {
  await page.getByTestId('mapdir-add').click();
  await page.getByTestId('mapdir-form').waitFor();
  await page.locator('[data-testid="field-geometry-map"][data-state="ready"]').waitFor();
  await page.waitForTimeout(300); // the dialog's opening animation moves the map
}

/** Closer in, so the marks drawn are some kilometres across, not provinces. */
async function zoomIn(page: Page) {
  for (let step = 0; step < 4; step++) {
    await page.getByTestId('field-geometry-map').locator('.ol-zoom-in').click();
    await page.waitForTimeout(300);
  }
}

async function saveMark(page: Page) {
  await page.getByTestId('mapdir-save').click();
  await page.getByTestId('mapdir-form').waitFor({ state: 'detached' });
}

describe('map directories and marks', () => {
  it('creates a folder with a point and a polygon mark, hides and shows it, renames and deletes', async () => {
    const { context, page } = await newPage(env.browser);
    try {
      await signedIn(page, env.platform);
      await openScreen(page);
      await addDir(page, '巡检标注');

      // a point mark with the flag icon, drawn by a click
      await openMarkDialog(page);
      await page.getByTestId('mapdir-form').getByTestId('field-name').fill('起降点');
      await page.getByTestId('mapdir-icon-flag').click();
      await zoomIn(page);
      await page.getByTestId('field-geometry-draw-Point').click();
      const centre = await editorCentre(page);
      await page.mouse.move(centre.x, centre.y, { steps: 3 });
      await page.mouse.click(centre.x, centre.y);
      await expect.poll(() => drawnType(page)).toBe('Point');
      await saveMark(page);

      // a polygon mark: a triangle around the same place
      await openMarkDialog(page);
      await page.getByTestId('mapdir-kind-polygon').click();
      await page.getByTestId('mapdir-form').getByTestId('field-name').fill('作业区');
      await page.locator('[data-testid="field-geometry-map"][data-state="ready"]').waitFor();
      await zoomIn(page);
      await page.getByTestId('field-geometry-draw-Polygon').click();
      const c = await editorCentre(page);
      const corners = [
        { x: c.x - 120, y: c.y + 80 },
        { x: c.x + 120, y: c.y + 80 },
        { x: c.x, y: c.y - 100 },
        { x: c.x - 120, y: c.y + 80 },
      ];
      for (const corner of corners) {
        await page.mouse.move(corner.x, corner.y, { steps: 3 });
        await page.mouse.click(corner.x, corner.y);
        await page.waitForTimeout(150);
      }
      await expect.poll(() => drawnType(page)).toBe('Polygon');
      await page.screenshot({ path: screenshotPath('map-directory-mark-dialog-zh-CN') });
      await saveMark(page);

      // both drawn on the screen's map, both in the folder's table, the folder counts 2
      await expect.poll(() => drawnMarks(page, 'mapdir-map')).toEqual(['作业区', '起降点']);
      await hasText(page.getByTestId('mapdir-marks'), '起降点');
      await hasText(page.getByTestId('mapdir-marks'), '作业区');
      await hasText(dirNode(page, 'mapdir-tree', '巡检标注'), '2');

      // locate the point, then a click on it on the map chooses it
      await page
        .getByTestId('mapdir-marks')
        .locator('tr', { hasText: '起降点' })
        .getByTestId('mapdir-mark-locate')
        .click();
      await page.waitForTimeout(500); // the view's 300 ms fit
      await page.getByTestId('mapdir-marks').locator('tr', { hasText: '作业区' }).click();
      await expect
        .poll(() => page.getByTestId('mapdir-map').getAttribute('data-selected-mark'))
        .toBe('作业区');
      const map = await page.getByTestId('mapdir-map').boundingBox();
      await page.mouse.click(map!.x + map!.width / 2 + 3, map!.y + map!.height / 2 - 10);
      await expect
        .poll(() => page.getByTestId('mapdir-map').getAttribute('data-selected-mark'))
        .toBe('起降点');
      await page.screenshot({ path: screenshotPath('map-directory-zh-CN') });

      // hide the folder: its marks leave the map; show it: they come back
      const folder = dirNode(page, 'mapdir-tree', '巡检标注');
      await folder.getByTestId('mapdir-tree-eye').click();
      await expect.poll(() => drawnMarks(page, 'mapdir-map')).toEqual([]);
      await expect.poll(() => folder.getAttribute('data-visible')).toBe('0');
      await page.getByTestId('mapdir-hidden-note').waitFor();
      await page.screenshot({ path: screenshotPath('map-directory-hidden-zh-CN') });
      await folder.getByTestId('mapdir-tree-eye').click();
      await expect.poll(() => drawnMarks(page, 'mapdir-map')).toEqual(['作业区', '起降点']);

      // rename it
      await folder.hover();
      await folder.getByTestId('mapdir-dir-edit').click();
      await page.getByTestId('mapdir-dir-name').fill('巡检标注A');
      await page.getByTestId('mapdir-dir-save').click();
      await dirNode(page, 'mapdir-tree', '巡检标注A').waitFor();

      // a folder holding marks is not deleted (the server says which); an empty one is
      const renamed = dirNode(page, 'mapdir-tree', '巡检标注A');
      await renamed.hover();
      await renamed.getByTestId('mapdir-dir-delete').click();
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await hasText(page.locator('.ant-message'), '巡检标注A');
      await renamed.waitFor();

      await addDir(page, '临时目录');
      const empty = dirNode(page, 'mapdir-tree', '临时目录');
      await empty.hover();
      await empty.getByTestId('mapdir-dir-delete').click();
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await empty.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('in English: the screen labels, and the layer tree on the live map toggles a folder', async () => {
    const { context, page } = await newPage(env.browser);
    try {
      await signedInEnglish(page, env.platform);
      await openScreen(page);
      await hasText(page.getByTestId('mapdir-screen'), 'Folders');
      await hasText(page.getByTestId('mapdir-add-dir'), 'New folder');
      await hasText(page.getByTestId('mapdir-screen'), 'Marks in "巡检标注A"');
      await hasText(page.getByTestId('mapdir-marks'), 'Created by / at');
      await hasText(page.getByTestId('mapdir-marks'), 'Polygon');
      await page.screenshot({ path: screenshotPath('map-directory-en-US') });

      await page.goto(`${env.platform.url}/realtime-monitoring/index`);
      await page.locator('[data-testid="live-map"][data-state="ready"]').waitFor();
      await expect.poll(() => drawnMarks(page, 'live-map')).toEqual(['作业区', '起降点']);
      await page.getByTestId('live-map-marks-toggle').click();
      await hasText(page.getByTestId('live-map-marks'), 'Mark layers');
      const folder = dirNode(page, 'live-map-marks-tree', '巡检标注A');
      await folder.getByTestId('live-map-marks-tree-eye').click();
      await expect.poll(() => drawnMarks(page, 'live-map')).toEqual([]);
      await expect.poll(() => folder.getAttribute('data-visible')).toBe('0');
      await folder.getByTestId('live-map-marks-tree-eye').click();
      await expect.poll(() => drawnMarks(page, 'live-map')).toEqual(['作业区', '起降点']);
      await page.mouse.move(700, 700); // the eye's tooltip away
      await page.waitForTimeout(300);
      await page.screenshot({ path: screenshotPath('map-directory-live-en-US') });
    } finally {
      await context.close();
    }
  });
});
