import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasText,
  launchBrowser,
  newPage,
  onePlatform,
  ready,
  screenshotPath,
  signedIn,
  signedInEnglish,
  startPlatform,
  still,
  type Platform,
} from './harness.js';

const env = onePlatform();

/** Web Mercator: metres per pixel at zoom z, and the longitude one pixel spans there. */
const EARTH_RADIUS = 6_378_137;
const degreesPerPixel = (zoom: number) => (156_543.033_928_041 / 2 ** zoom / EARTH_RADIUS) * (180 / Math.PI);
/** The picker over the offline boundaries opens a value at zoom 8. */
const VALUE_ZOOM = 8;

async function openBaseStationForm(page: Page, platform: Platform) {
  await page.goto(`${platform.url}/device-manager/base-station/index`);
  await page.getByTestId('base-station-table').waitFor();
  await ready(page);
  await page.getByTestId('base-station-add').click();
  await page.getByTestId('base-station-form').waitFor();
}

/** Open the picker from the lonLat field and wait until its map has drawn the boundaries. */
async function openPicker(page: Page) {
  await page.getByTestId('field-lonLat-map').click();
  await page.locator('[data-testid="map-picker-map"][data-state="ready"]').waitFor();
  await still(page, 400);
}

async function mapCentre(page: Page) {
  const box = await page.getByTestId('map-picker-map').boundingBox();
  if (!box) throw new Error('the map has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const inputNumber = async (page: Page, testId: string) => Number(await page.getByTestId(testId).inputValue());

describe('map point picker (base station coordinates)', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(env.browser));
    await signedIn(page, env.platform);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('opens on the typed value, places the point by click and by drag, and fills the text on OK', async () => {
    await openBaseStationForm(page, env.platform);
    const field = page.getByTestId('field-lonLat');
    await field.fill('116.397128,39.916527');
    await openPicker(page);
    expect(await inputNumber(page, 'map-picker-longitude')).toBe(116.397128);
    expect(await inputNumber(page, 'map-picker-latitude')).toBe(39.916527);
    await page.screenshot({ path: screenshotPath('map-picker-zh-CN') });

    // a click 120 px east of the marker moves the point 120 px of longitude east, latitude unchanged
    const centre = await mapCentre(page);
    const step = degreesPerPixel(VALUE_ZOOM);
    await page.mouse.click(centre.x + 120, centre.y);
    await expect
      .poll(() => inputNumber(page, 'map-picker-longitude'))
      .toBeCloseTo(116.397128 + 120 * step, 2);
    expect(Math.abs((await inputNumber(page, 'map-picker-latitude')) - 39.916527)).toBeLessThan(2 * step);

    // dragging the pin (grabbed by its head, above the tip) back 120 px west brings the longitude back
    await page.mouse.move(centre.x + 120, centre.y - 22);
    await page.mouse.down();
    await page.mouse.move(centre.x + 60, centre.y - 22, { steps: 6 });
    await page.mouse.move(centre.x, centre.y - 22, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => inputNumber(page, 'map-picker-longitude')).toBeCloseTo(116.397128, 1);
    const dragged = await inputNumber(page, 'map-picker-longitude');
    expect(Math.abs(dragged - 116.397128)).toBeLessThan(3 * step);

    // typed coordinates move the marker; "locate" brings it to the middle
    await page.getByTestId('map-picker-longitude').fill('121.473701');
    await page.getByTestId('map-picker-latitude').fill('31.230416');
    await page.getByTestId('map-picker-locate').click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: screenshotPath('map-picker-located') });

    await page.getByTestId('map-picker-ok').click();
    await page.getByTestId('map-picker').waitFor({ state: 'hidden' });
    expect(await field.inputValue()).toBe('121.473701,31.230416');

    // the picked text is what the base station saves
    const dialog = page.getByTestId('base-station-form');
    await dialog.getByTestId('field-name').fill('外滩 RTK 基站');
    await dialog.getByTestId('field-type').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'RTK 基站' })
      .click();
    await dialog.getByTestId('field-stationIp').fill('192.168.20.30');
    await dialog.getByTestId('field-port').fill('9001');
    await page.getByTestId('base-station-submit').click();
    await hasText(page.locator('.ant-message'), '新增成功');
    await hasText(
      page.getByTestId('base-station-table').locator('tr', { hasText: '外滩 RTK 基站' }),
      '121.473701,31.230416',
    );
  });

  it('without a value shows China, has nothing to confirm, and Escape leaves the field alone', async () => {
    await openBaseStationForm(page, env.platform);
    const field = page.getByTestId('field-lonLat');
    await openPicker(page);
    expect(await page.getByTestId('map-picker-longitude').inputValue()).toBe('');
    expect(await page.getByTestId('map-picker-ok').isDisabled()).toBe(true);
    expect(await page.getByTestId('map-picker-locate').isDisabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('map-picker-empty') });

    // China fills the view: its middle (about 104°E, 35°N) is near the map's middle
    const centre = await mapCentre(page);
    await page.mouse.click(centre.x, centre.y);
    await expect.poll(() => page.getByTestId('map-picker-ok').isDisabled()).toBe(false);
    expect(Math.abs((await inputNumber(page, 'map-picker-longitude')) - 104.3)).toBeLessThan(3);
    expect(Math.abs((await inputNumber(page, 'map-picker-latitude')) - 35.5)).toBeLessThan(3);

    await page.keyboard.press('Escape');
    await page.getByTestId('map-picker').waitFor({ state: 'hidden' });
    expect(await field.inputValue()).toBe('');

    // OK is a real button: focused and pressed with the keyboard it confirms
    await openPicker(page);
    await page.mouse.click(centre.x - 40, centre.y + 30);
    await expect.poll(() => page.getByTestId('map-picker-ok').isDisabled()).toBe(false);
    await page.getByTestId('map-picker-ok').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('map-picker').waitFor({ state: 'hidden' });
    expect(await field.inputValue()).toMatch(/^\d{2,3}\.\d{6},\d{2}\.\d{6}$/);
  });

  it('looks right in English', async () => {
    const english = await newPage(env.browser, 'en-US');
    try {
      await signedInEnglish(english.page, env.platform);
      await openBaseStationForm(english.page, env.platform);
      await english.page.getByTestId('field-lonLat').fill('113.264385,23.129112');
      await openPicker(english.page);
      await hasText(english.page.locator('.ant-modal-title'), 'Choose a location');
      await hasText(english.page.locator('.ol-attribution'), 'Boundaries: Natural Earth');
      await english.page.screenshot({ path: screenshotPath('map-picker-en-US') });
    } finally {
      await english.context.close();
    }
  });
});

describe('map with a configured tile server (MAP_TILE_URL)', () => {
  let platform: Platform;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    [platform, browser] = await Promise.all([
      startPlatform({ MAP_TILE_URL: 'http://tiles.map.test/{z}/{x}/{y}.png' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  it('requests z/x/y tiles from the configured server and names it in the attribution', async () => {
    const { context, page } = await newPage(browser);
    try {
      // The browser never leaves the machine: the tile server is answered here with a plain tile.
      const requested: string[] = [];
      await page.route('http://tiles.map.test/**', async (route) => {
        requested.push(new URL(route.request().url()).pathname);
        await route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
      });
      await signedIn(page, platform);
      await openBaseStationForm(page, platform);
      await page.getByTestId('field-lonLat').fill('116.397128,39.916527');
      await openPicker(page);
      await hasText(page.locator('.ol-attribution'), '底图：tiles.map.test');
      // opened on a value over tiles: street level (zoom 15)
      expect(requested.length).toBeGreaterThan(0);
      expect(requested.every((path) => /^\/\d+\/\d+\/\d+\.png$/.test(path))).toBe(true);
      expect(requested.some((path) => path.startsWith('/15/'))).toBe(true);
      await page.screenshot({ path: screenshotPath('map-picker-tiles') });
    } finally {
      await context.close();
    }
  });
});

/** A 1×1 grey (#e8eaed) PNG: every tile looks the same, which is all the test needs. */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eotAAV9AsAn2vxOAAAAAElFTkSuQmCC',
  'base64',
);
