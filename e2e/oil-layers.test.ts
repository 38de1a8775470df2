import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
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

interface PublishedLayer {
  layer: string;
  visible: boolean;
  color: string;
  lineWidth: number;
  features: string[];
}

/** What the oil map draws, as it publishes it (`data-oil`). */
async function oilLayer(page: Page, layer: string): Promise<PublishedLayer | undefined> {
  const text = (await page.getByTestId('oil-map').getAttribute('data-oil')) ?? '[]';
  return (JSON.parse(text) as PublishedLayer[]).find((entry) => entry.layer === layer);
}

async function openScreen(page: Page, platform: Platform, path: string, testId: string, map: string) {
  await page.goto(`${platform.url}${path}`);
  await page.getByTestId(`${testId}-table`).waitFor();
  await ready(page);
  await page.locator(`[data-testid="${map}"][data-state="ready"]`).waitFor();
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

async function drawnType(page: Page): Promise<string | null> {
  const text = await page.getByTestId('field-geometry-map').getAttribute('data-geometry');
  return text ? ((JSON.parse(text) as { type: string } | null)?.type ?? null) : null;
}

async function drawPoint(page: Page, dx = 0) {
  const c = await editorCentre(page);
  await page.getByTestId('field-geometry-draw-Point').click();
  await page.mouse.move(c.x + dx, c.y, { steps: 3 });
  await page.mouse.click(c.x + dx, c.y);
  await expect.poll(() => drawnType(page)).toBe('Point');
}

async function drawLine(page: Page) {
  const c = await editorCentre(page);
  const nodes = [
    { x: c.x - 120, y: c.y + 40 },
    { x: c.x, y: c.y - 30 },
    { x: c.x + 120, y: c.y + 20 },
  ];
  await page.getByTestId('field-geometry-draw-LineString').click();
  for (const node of nodes) {
    await page.mouse.move(node.x, node.y, { steps: 3 });
    await page.mouse.click(node.x, node.y);
    await page.waitForTimeout(150);
  }
  // a click on the last node again finishes the line
  await page.mouse.click(nodes[2]!.x, nodes[2]!.y);
  await expect.poll(() => drawnType(page)).toBe('LineString');
}

async function submitFeature(page: Page, layer: string) {
  const saved = page.waitForResponse((answer) => answer.url().includes(`/${layer}/submit`));
  await page.getByTestId('oil-feature-submit').click();
  expect((await saved).status(), `POST ${layer}/submit`).toBe(200);
}

describe('oil-field layers and inspection objects', () => {
  it('adds a well point and a pipeline, restyles and hides layers, and adds an inspection object', async () => {
    const { context, page } = await newPage(env.browser);
    try {
      await signedIn(page, env.platform);
      await openScreen(page, env.platform, '/map/oil-layer/index', 'oil-feature', 'oil-map');
      await expect.poll(() => page.locator('[data-testid="oil-layers"] [role="option"]').count()).toBe(9);
      await hasText(page.getByTestId('oil-feature-title'), '井点 · 要素');

      // a well point with an attribute
      await openAddDialog(page, 'oil-feature');
      const form = page.getByTestId('oil-feature-form');
      await form.getByTestId('field-name').fill('东一井');
      await form.getByTestId('field-code').fill('W-001');
      await drawPoint(page);
      await page.getByTestId('attribute-add').click();
      await page.getByTestId('attribute-0-key').fill('depth');
      await page.getByTestId('attribute-0-value').fill('1200 m');
      await page.screenshot({ path: screenshotPath('oil-well-dialog-zh-CN') });
      await submitFeature(page, 'oilwellpoint');
      await hasText(page.locator('.ant-message'), '新增成功');
      await hasText(
        page.getByTestId('oil-feature-table').locator('tr', { hasText: '东一井' }),
        'depth: 1200 m',
      );
      await expect.poll(async () => (await oilLayer(page, 'oilwellpoint'))?.features).toEqual(['东一井']);
      await hasText(page.getByTestId('oil-layer-oilwellpoint-count'), '1');
      // the saved well is brought to the map's middle; a click on it tells what it is
      const box = (await page.getByTestId('oil-map').boundingBox())!;
      await page.waitForTimeout(400);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await hasText(page.getByTestId('oil-map-card'), 'depth');
      await hasText(page.getByTestId('oil-map-card'), '1200 m');
      await page.screenshot({ path: screenshotPath('oil-well-card-zh-CN') });

      // a pipeline on the line layer
      await page.getByTestId('oil-layer-oilline').click();
      await hasText(page.getByTestId('oil-feature-title'), '管线 · 要素');
      await openAddDialog(page, 'oil-feature');
      await page.getByTestId('oil-feature-form').getByTestId('field-name').fill('输油管线一号');
      await drawLine(page);
      await submitFeature(page, 'oilline');
      await hasText(page.getByTestId('oil-feature-table').locator('tr', { hasText: '输油管线一号' }), 'km');
      await expect.poll(async () => (await oilLayer(page, 'oilline'))?.features).toEqual(['输油管线一号']);

      // advanced settings: a refused width with its message, the colour tried live, then saved
      await page.getByTestId('oil-layer-oilline-advanced').click();
      const advanced = page.getByTestId('oil-advanced-form');
      await advanced.waitFor();
      await advanced.getByTestId('field-lineWidth').fill('30');
      await page.getByTestId('oil-advanced-submit').click();
      await hasText(advanced, '线宽须在 0.5 到 20 之间');
      await advanced.getByTestId('field-lineWidth').fill('5');
      await advanced.getByTestId('field-color').fill('#00AA55');
      await expect.poll(async () => (await oilLayer(page, 'oilline'))?.color).toBe('#00AA55');
      const set = page.waitForResponse((answer) => answer.url().includes('/oilline/advancedSet'));
      await page.getByTestId('oil-advanced-submit').click();
      expect((await set).status(), 'POST oilline/advancedSet').toBe(200);
      await advanced.waitFor({ state: 'detached' });
      const line = await oilLayer(page, 'oilline');
      expect(line).toMatchObject({ color: '#00AA55', lineWidth: 5, visible: true });
      await page.screenshot({ path: screenshotPath('oil-layers-zh-CN') });

      // hiding the well points
      await page.getByTestId('oil-layer-oilwellpoint-toggle').click();
      await expect.poll(async () => (await oilLayer(page, 'oilwellpoint'))?.visible).toBe(false);
      expect((await oilLayer(page, 'oilline'))?.visible).toBe(true);
      await page.screenshot({ path: screenshotPath('oil-layers-hidden-zh-CN') });

      // an inspection object
      await openScreen(
        page,
        env.platform,
        '/map/inspection-object/index',
        'inspection-object',
        'inspection-object-map',
      );
      await openAddDialog(page, 'inspection-object');
      const objectForm = page.getByTestId('inspection-object-form');
      await objectForm.getByTestId('field-name').fill('一号井场');
      await objectForm.getByTestId('field-type').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '井场' }).click();
      await drawPoint(page);
      const saved = page.waitForResponse((answer) => answer.url().includes('/inspectionobject/submit'));
      await page.getByTestId('inspection-object-submit').click();
      expect((await saved).status(), 'POST inspectionobject/submit').toBe(200);
      await hasText(
        page.getByTestId('inspection-object-table').locator('tr', { hasText: '一号井场' }),
        '井场',
      );
      await expect
        .poll(
          async () => (await page.getByTestId('inspection-object-map').getAttribute('data-objects')) ?? '',
        )
        .toContain('一号井场');
      await page.screenshot({ path: screenshotPath('oil-inspection-objects-zh-CN') });
    } finally {
      await context.close();
    }
  });

  it('speaks English: layer names, the settings dialog and its refusal, the inspection objects', async () => {
    const { context, page } = await newPage(env.browser, 'en-US');
    try {
      await signedInEnglish(page, env.platform);
      await openScreen(page, env.platform, '/map/oil-layer/index', 'oil-feature', 'oil-map');
      await hasText(page.getByTestId('oil-layers'), 'Gas well point');
      await hasText(page.getByTestId('oil-feature-title'), 'Well point · features');
      await page.getByTestId('oil-layer-oilwellpoint-advanced').click();
      const advanced = page.getByTestId('oil-advanced-form');
      await advanced.waitFor();
      await hasText(page.locator('.ant-modal-title'), 'Layer settings · Well point');
      await advanced.getByTestId('field-color').fill('red');
      await page.getByTestId('oil-advanced-submit').click();
      await hasText(advanced, 'the colour must be #RRGGBB');
      await page.screenshot({ path: screenshotPath('oil-advanced-refused-en-US') });
      await page.keyboard.press('Escape');
      await advanced.waitFor({ state: 'detached' });

      // editing a feature starts from its attributes
      await page
        .getByTestId('oil-feature-table')
        .locator('tr', { hasText: '东一井' })
        .getByTestId('row-edit')
        .click();
      const form = page.getByTestId('oil-feature-form');
      await form.waitFor();
      await hasText(page.locator('.ant-modal-title'), 'Edit · Well point');
      await hasText(form, 'Attributes');
      expect(await page.getByTestId('attribute-0-key').inputValue()).toBe('depth');
      expect(await page.getByTestId('attribute-0-value').inputValue()).toBe('1200 m');
      await page.screenshot({ path: screenshotPath('oil-feature-edit-en-US') });
      await page.keyboard.press('Escape');

      await openScreen(
        page,
        env.platform,
        '/map/inspection-object/index',
        'inspection-object',
        'inspection-object-map',
      );
      await hasText(page.getByTestId('inspection-object-table'), 'Object type');
      await hasText(page.getByTestId('inspection-object-table'), 'Well');
      await page.screenshot({ path: screenshotPath('oil-inspection-objects-en-US') });
    } finally {
      await context.close();
    }
  });
});
