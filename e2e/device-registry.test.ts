import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasText, newPage, onePlatform, ready, screenshotPath, signedIn, still } from './harness.js';

const env = onePlatform();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ({ context, page } = await newPage(env.browser));
  await signedIn(page, env.platform);
});
afterAll(async () => {
  await context?.close();
});

const toast = () => page.locator('.ant-message');
const rowOf = (table: string, text: string) =>
  page.getByTestId(`${table}-table`).locator('tr', { hasText: text });

async function open(path: string, table: string) {
  await page.goto(`${env.platform.url}${path}`);
  await page.getByTestId(`${table}-table`).waitFor();
  await ready(page);
}
async function choose(dialog: ReturnType<Page['getByTestId']>, field: string, option: string) {
  await dialog.getByTestId(`field-${field}`).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
}

/** The fleet registry screens an administrator uses: operators, base stations, brands, suppliers. */
describe('device registry', () => {
  it('fly operators: adds one linked to an account, switches it off and on', async () => {
    await open('/device-manager/fly-operator/index', 'fly-operator');
    const dialog = page.getByTestId('fly-operator-form');
    await page.getByTestId('fly-operator-add').click();
    await dialog.getByTestId('field-name').fill('李伟');
    await dialog.getByTestId('field-phone').fill('12345');
    await page.getByTestId('fly-operator-submit').click();
    await hasText(dialog, '手机号格式不正确');
    await hasText(dialog, '关联账号不能为空');
    await dialog.getByTestId('field-phone').fill('13800138000');
    await dialog.getByTestId('field-userId').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: 'admin' })
      .first()
      .click();
    await dialog.getByTestId('field-licenceNumber').fill('CAAC-UAV-2025-0142');
    const nextYear = `${new Date().getFullYear() + 1}-06-30`;
    await dialog.getByTestId('field-licenceExpiry').click();
    await page.keyboard.type(nextYear);
    await page.keyboard.press('Enter');
    await still(page);
    await page.screenshot({ path: screenshotPath('fly-operator-add') });
    await page.getByTestId('fly-operator-submit').click();
    await hasText(toast(), '新增成功');
    const row = rowOf('fly-operator', 'CAAC-UAV-2025-0142');
    await hasText(row, '启用');
    await hasText(row, nextYear);

    await row.getByTestId('row-off').click();
    await page.getByTestId('confirm-turn').click();
    await hasText(toast(), '停用成功');
    await hasText(row, '停用');
    await expect.poll(() => row.getByTestId('row-on').count()).toBe(1);

    // bulk: nothing selected warns; the selected row is switched on
    await page.getByTestId('fly-operator-on').click();
    await hasText(toast(), '请选择至少一条数据');
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('fly-operator-on').click();
    await page.getByTestId('confirm-turn').click();
    await hasText(toast(), '启用成功');
    await expect.poll(() => row.getByTestId('row-off').count()).toBe(1);
    await still(page);
    await page.screenshot({ path: screenshotPath('fly-operator-list') });
  });

  it('base stations: refuses coordinates that are not longitude,latitude, then lists the station', async () => {
    await open('/device-manager/base-station/index', 'base-station');
    const dialog = page.getByTestId('base-station-form');
    await page.getByTestId('base-station-add').click();
    await dialog.getByTestId('field-name').fill('北岭 RTK 基站');
    await choose(dialog, 'type', 'RTK 基站');
    await dialog.getByTestId('field-stationIp').fill('192.168.10.20');
    await dialog.getByTestId('field-port').fill('9000');
    await dialog.getByTestId('field-adhocIp').fill('10.0.0.2');
    await dialog.getByTestId('field-lanIp').fill('999.1.1.1');
    await dialog.getByTestId('field-lonLat').fill('116.397128 39.916527');
    await page.getByTestId('base-station-submit').click();
    await hasText(dialog, '请输入正确的经纬度，格式为“经度,纬度”');
    await hasText(dialog, '请输入正确的 IP 地址（IPv4 或 IPv6）');
    await still(page);
    await page.screenshot({ path: screenshotPath('base-station-coordinates') });

    await dialog.getByTestId('field-lonLat').fill('200,39.9');
    await page.getByTestId('base-station-submit').click();
    await hasText(dialog, '请输入正确的经纬度');
    await dialog.getByTestId('field-lonLat').fill('116.397128,39.916527');
    await dialog.getByTestId('field-lanIp').fill('192.168.1.5');
    await dialog.getByTestId('field-address').fill('北岭路 7 号');
    await page.getByTestId('base-station-submit').click();
    await hasText(toast(), '新增成功');
    const row = rowOf('base-station', '北岭 RTK 基站');
    await hasText(row, '116.397128,39.916527');
    await hasText(row, 'RTK 基站');
    await hasText(row, '9000');
    await still(page);
    await page.screenshot({ path: screenshotPath('base-station-list') });
  });
  it('brands: adds one with its entity models, refuses a second with the same code', async () => {
    await open('/device-manager/brand/index', 'brand');
    const dialog = page.getByTestId('brand-form');
    for (const [name, tries] of [
      ['大疆创新', 1],
      ['大疆（重复）', 2],
    ] as const) {
      await page.getByTestId('brand-add').click();
      await dialog.getByTestId('field-name').fill(name);
      await dialog.getByTestId('field-code').fill('dji');
      await choose(dialog, 'type', '综合厂商');
      await dialog.getByTestId('field-entitySigns').click();
      for (const model of ['飞行器', '机库']) {
        await page
          .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: model })
          .click();
      }
      await dialog.getByTestId('field-phone').click();
      await dialog.getByTestId('field-phone').fill('0755-26656677');
      if (tries === 1) {
        await still(page);
        await page.screenshot({ path: screenshotPath('brand-add') });
      }
      await page.getByTestId('brand-submit').click();
      if (tries === 1) {
        await hasText(toast(), '新增成功');
      } else {
        await hasText(dialog, '品牌编码已存在');
        await page.getByRole('button', { name: '取 消' }).click();
      }
    }
    const row = rowOf('brand', '大疆创新');
    await hasText(row, '综合厂商');
    await hasText(row, '飞行器');
    await hasText(row, '机库');
    await expect
      .poll(() => page.getByTestId('brand-table').locator('tbody tr.ant-table-row').count())
      .toBe(1);
    await still(page);
    await page.screenshot({ path: screenshotPath('brand-list') });
  });
  it('supplier configuration: refuses a base URL without http(s), masks the secret', async () => {
    await open('/device-manager/supplier/index', 'supplier');
    const dialog = page.getByTestId('supplier-form');
    await page.getByTestId('supplier-add').click();
    await dialog.getByTestId('field-name').fill('大疆司空 2');
    await dialog.getByTestId('field-code').fill('dji-fh2');
    await dialog.getByTestId('field-baseUrl').fill('fh.dji.com/openapi');
    await dialog.getByTestId('field-appKey').fill('key-123');
    await dialog.getByTestId('field-appSecret').fill('secret-abc');
    await page.getByTestId('supplier-submit').click();
    await hasText(dialog, '地址必须以 http 或 https 开头');
    await dialog.getByTestId('field-baseUrl').fill('https://fh.dji.com/openapi');
    await page.getByTestId('supplier-submit').click();
    await hasText(toast(), '新增成功');
    const row = rowOf('supplier', 'dji-fh2');
    await hasText(row, 'https://fh.dji.com/openapi');
    await row.getByTestId('row-view').click();
    await hasText(page.getByTestId('supplier-view'), '******');
    await expect(page.getByTestId('supplier-view').innerText()).resolves.not.toContain('secret-abc');
    await still(page);
    await page.screenshot({ path: screenshotPath('supplier-view') });
  });
});
