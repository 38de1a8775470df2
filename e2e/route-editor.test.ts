import { createHash } from 'node:crypto';
import {
  cameraForRoute,
  planDesign,
  ROUTE_AIRCRAFT,
  RouteDesign,
  type RouteDetail,
  type LonLatPosition,
} from '@aos/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  newPage,
  onePlatform,
  ready,
  screenshotPath,
  signedIn,
  signedInEnglish,
  still,
} from './harness.js';

const env = onePlatform();

/** The aircraft a new route opens with: the first of the catalogue with a camera of its own. */
const AIRCRAFT = ROUTE_AIRCRAFT.find((model) => cameraForRoute(model.id, null))!.id;
const RING: LonLatPosition[] = [
  [113.95, 22.54],
  [113.956, 22.54],
  [113.956, 22.545],
  [113.95, 22.545],
];

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

async function api(
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const token = await adminToken();
  return env.platform.app.inject({
    method,
    url: `/api/aos-gisservice/${url}`,
    headers: { 'blade-auth': `bearer ${token}`, ...options.headers },
    ...(options.query ? { query: options.query } : {}),
    ...(options.payload !== undefined ? { payload: options.payload as string } : {}),
  });
}

/** The route screen, then "New": the editor over the content area, its map drawn. */
async function openNew(page: Page) {
  await page.goto(`${env.platform.url}/route-mission/route`);
  await ready(page);
  await page.getByTestId('route-add').click();
  await openedEditor(page);
}

async function openedEditor(page: Page) {
  await page.getByTestId('route-editor').waitFor();
  await page.locator('[data-testid="route-editor-map"][data-state="ready"][data-editor="ready"]').waitFor();
}

async function openExisting(page: Page, name: string) {
  await page.goto(`${env.platform.url}/route-mission/route`);
  await ready(page);
  await page.locator('tr', { hasText: name }).getByTestId('row-edit').first().click();
  await openedEditor(page);
}

const figure = async (page: Page, name: string) =>
  Number(await page.getByTestId(`figure-${name}`).getAttribute('data-value'));

async function fill(page: Page, testId: string, value: string) {
  const input = page.getByTestId(testId);
  await input.fill(value);
  await input.blur();
}

/** Wait until the figure shows `value` (planning follows typing a moment later). */
async function figureIs(page: Page, name: string, value: number) {
  await page.waitForFunction(
    ([testId, expected]) => {
      const raw = document.querySelector(`[data-testid="${testId}"]`)?.getAttribute('data-value');
      return raw !== null && raw !== undefined && Math.abs(Number(raw) - (expected as number)) < 1e-6;
    },
    [`figure-${name}`, value] as const,
  );
}

async function save(page: Page): Promise<RouteDetail> {
  const answer = page.waitForResponse((response) => response.url().includes('/routemanageline/submit'));
  await page.getByTestId('route-editor-save').click();
  const response = await answer;
  const body = (await response.json()) as { code: number; data: RouteDetail; msg: string };
  expect(response.status(), body.msg).toBe(200);
  await page.getByTestId('route-editor').waitFor({ state: 'detached' });
  return body.data;
}

/** Build a multipart body by hand (inject takes a buffer). */
function multipart(name: string, data: Buffer) {
  const boundary = `----route${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('route editor', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(env.browser));
    await signedIn(page, env.platform);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('plans an area route live, saves it, reopens it with the same figures, and round-trips its KMZ', async () => {
    await openNew(page);
    await page.getByTestId('route-editor-kind').getByText('面状航线').click();
    await page
      .getByTestId('route-editor-coordinates')
      .fill(RING.map(([lon, lat]) => `${lon},${lat}`).join('\n'));
    await page.getByTestId('route-editor-apply-coordinates').click();
    await fill(page, 'route-height', '80');
    await fill(page, 'route-front-overlap', '75');

    const design = RouteDesign.parse({
      kind: 'area',
      params: {
        cameraId: cameraForRoute(AIRCRAFT, null)!.id,
        heightM: 80,
        frontOverlap: 75,
        sideOverlap: 70,
        speedMS: 10,
        heightMode: 'relativeToStartPoint',
        polygon: { type: 'Polygon', coordinates: [[...RING, RING[0]!]] },
        courseAngleDeg: 0,
        marginM: 0,
      },
      mission: {},
    });
    const expected = planDesign(design);
    if (!expected.ok) throw new Error(JSON.stringify(expected.error));
    const figures = expected.plan.figures;
    await figureIs(page, 'length', figures.lengthM);
    expect(await figure(page, 'waypoints')).toBe(figures.waypointCount);
    expect(await figure(page, 'photos')).toBe(figures.photoCount);
    expect(await figure(page, 'area')).toBeCloseTo(figures.areaM2!, 6);
    expect(await figure(page, 'gsd')).toBeCloseTo(figures.gsdCm!, 6);
    expect(await figure(page, 'spacing')).toBeCloseTo(figures.lineSpacingM!, 6);
    expect(Number(await page.getByTestId('route-editor-map').getAttribute('data-lines'))).toBe(1);
    await still(page, 400);
    await page.screenshot({ path: screenshotPath('route-editor-area-zh') });

    await page.getByTestId('route-editor-name').fill('港湾面状航线');
    const saved = await save(page);
    expect(saved.distance).toBeCloseTo(figures.lengthM, 1);
    expect(saved.photoCount).toBe(figures.photoCount);
    expect(saved.kind).toBe('area');
    expect(saved.screenshot, 'the map picture was uploaded with the route').toMatch(/\S/);

    await openExisting(page, '港湾面状航线');
    await figureIs(page, 'length', figures.lengthM);
    expect(await figure(page, 'photos')).toBe(figures.photoCount);
    expect(await page.getByTestId('route-height').inputValue()).toBe('80');
    await page.getByTestId('route-editor-close').click(); // nothing changed: closes without asking
    await page.getByTestId('route-editor').waitFor({ state: 'detached' });

    // export the KMZ and import it back (the API), then open the imported route
    const exported = await api('GET', 'routemanageline/export', { query: { id: saved.id, format: 'kmz' } });
    expect(exported.statusCode).toBe(200);
    const body = multipart('harbour.kmz', exported.rawPayload);
    const imported = await api('POST', 'routemanageline/import', {
      payload: body.payload,
      query: { name: '导入的面状航线' },
      headers: { 'content-type': body.contentType },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const importedRoute = (imported.json() as { data: RouteDetail }).data;
    // the file's own figures (its waylines) name the same flight; the editor opens its design and plans it
    expect(importedRoute.distance).toBeCloseTo(saved.distance, 0);
    expect(importedRoute.waypointCount).toBe(saved.waypointCount);
    expect(importedRoute.design?.kind).toBe('area');
    const replanned = planDesign(importedRoute.design!);
    if (!replanned.ok) throw new Error(JSON.stringify(replanned.error));
    await openExisting(page, '导入的面状航线');
    await figureIs(page, 'length', replanned.plan.figures.lengthM);
    expect(await figure(page, 'photos')).toBe(replanned.plan.figures.photoCount);
    expect(await page.getByTestId('route-height').inputValue()).toBe('80');
    await page.getByTestId('route-editor-close').click();
    await page.getByTestId('route-editor').waitFor({ state: 'detached' });
  });

  it('adds, undoes, redoes and deletes waypoints on the map', async () => {
    await openNew(page);
    const box = (await page.getByTestId('route-editor-map').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const corners = [
      [cx - 150, cy - 100],
      [cx + 150, cy - 100],
      [cx + 150, cy + 100],
      [cx - 150, cy + 100],
    ] as const;
    for (const [x, y] of corners) {
      await page.mouse.click(x, y);
      await page.waitForTimeout(350); // a single click is told from a double one after 250 ms
    }
    await figureIs(page, 'waypoints', 4);
    await page.keyboard.press('Control+z');
    await figureIs(page, 'waypoints', 3);
    await page.getByTestId('route-editor-redo').click();
    await figureIs(page, 'waypoints', 4);
    // a click on a leg inserts a waypoint there (and selects it)
    await page.mouse.click(cx, cy - 100);
    await figureIs(page, 'waypoints', 5);
    await page.getByTestId('route-editor-selected-count').waitFor();
    await page.keyboard.press('Control+z');
    await figureIs(page, 'waypoints', 4);
    // select the second waypoint and change its height, then delete it
    await page.mouse.click(corners[1][0], corners[1][1]);
    await page.getByTestId('route-editor-selected-count').waitFor();
    await fill(page, 'sel-height', '150');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="profile-dot-0:1"]')?.getAttribute('data-selected') === 'yes',
    );
    await still(page, 400);
    await page.screenshot({ path: screenshotPath('route-editor-waypoints-zh') });
    await page.getByTestId('route-editor-delete').click();
    await figureIs(page, 'waypoints', 3);
    await page.keyboard.press('Control+z');
    await figureIs(page, 'waypoints', 4);
    // closing with changes asks first
    await page.getByTestId('route-editor-close').click();
    await page.getByTestId('route-editor-discard').click();
    await page.getByTestId('route-editor').waitFor({ state: 'detached' });
  });

  it('lists a blocking check for a route crossing a no-fly zone, and marks its waypoints', async () => {
    const zone = await api('POST', 'noflyzone/submit', {
      payload: {
        name: '港湾禁飞区',
        type: 1,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [113.96, 22.53],
              [113.97, 22.53],
              [113.97, 22.55],
              [113.96, 22.55],
              [113.96, 22.53],
            ],
          ],
        },
      },
    });
    expect(zone.statusCode, zone.body).toBe(200);
    await openNew(page);
    // a strip whose centre line runs across the zone
    await page.getByTestId('route-editor-kind').getByText('带状航线').click();
    await page.getByTestId('route-editor-coordinates').fill('113.955,22.54\n113.975,22.54');
    await page.getByTestId('route-editor-apply-coordinates').click();
    await page.getByTestId('route-check-item').first().waitFor({ timeout: 15_000 });
    expect(
      await page.locator('[data-testid="route-check-item"][data-level="block"]').count(),
    ).toBeGreaterThan(0);
    // the zone is drawn under the route while planning, and the strip's band round its centre line
    await expect
      .poll(async () => (await page.getByTestId('route-editor-map').getAttribute('data-zones')) ?? '')
      .toContain('港湾禁飞区');
    expect(await page.getByTestId('route-editor-zones').getAttribute('aria-pressed')).toBe('true');
    await still(page, 400);
    await page.screenshot({ path: screenshotPath('route-editor-check-zh') });
    await page.getByTestId('route-editor-close').click();
    await page.getByTestId('route-editor-discard').click();
  });

  it('speaks English', async () => {
    const english = await newPage(env.browser, 'en-US');
    try {
      await signedInEnglish(english.page, env.platform);
      await openNew(english.page);
      await english.page.getByTestId('route-editor-kind').getByText('Area route').click();
      await english.page
        .getByTestId('route-editor-coordinates')
        .fill(RING.map(([lon, lat]) => `${lon},${lat}`).join('\n'));
      await english.page.getByTestId('route-editor-apply-coordinates').click();
      await english.page.getByTestId('figure-length').waitFor();
      expect(await english.page.getByTestId('route-editor-panel').textContent()).toContain(
        'Front overlap (%)',
      );
      await still(english.page);
      await english.page.screenshot({ path: screenshotPath('route-editor-area-en') });
    } finally {
      await english.context.close();
    }
  });
});
