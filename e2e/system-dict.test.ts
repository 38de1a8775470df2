import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { twoTenants } from '../apps/server/test/tenants.js';
import { hasText, newPage, onePlatform, ready, screenshotPath, signedIn } from './harness.js';

const env = onePlatform();

/** Open a screen from the side menu as a person would. */
async function openScreen(page: Page, group: string, screen: string, path: string) {
  const menu = page.locator('.side-menu');
  const item = menu.getByRole('menuitem', { name: screen });
  if (!(await item.isVisible())) await menu.getByText(group).click();
  await item.click();
  await page.waitForURL(`**${path}`);
  await page.locator('.tabs-bar .ant-tabs-tab-active', { hasText: screen }).waitFor();
}

/** The text of one column of a table's rows. */
const cells = (page: Page, table: string, column: number) =>
  page
    .getByTestId(table)
    .locator('tbody tr.ant-table-row')
    .evaluateAll(
      (rows, index) => rows.map((row) => row.querySelectorAll('td')[index]?.textContent?.trim()),
      column,
    );

const toast = (page: Page, text: string) => hasText(page.locator('.ant-message'), text);

/** The entries dialog, once its opening zoom has settled: 880 wide (spec §9). */
async function entriesDialogSettled(page: Page) {
  const modal = page.locator('.dict-child-dialog .ant-modal').first();
  await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(880);
}

/**
 * Dictionaries (parent table plus the entries' tree table in an 880-wide dialog that an outside click does
 * not close) and parameters, through a person's eyes (spec §2, §3, §5, §9).
 */
describe('dictionaries and parameters', () => {
  it('business dictionaries: add a dictionary, its entries as a tree, the rules the server keeps', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await openScreen(page, '系统管理', '业务字典', '/system/dict-biz/index');
    await page.getByTestId('dict-biz-table').waitFor();

    await page.getByTestId('dict-biz-batch-delete').click();
    await toast(page, '请选择至少一条数据');

    // add: the required fields of spec §5; sealed defaults to no
    await page.getByTestId('dict-biz-add').click();
    const form = page.getByTestId('dict-biz-form');
    await form
      .getByTestId('field-isSealed')
      .locator('.ant-radio-wrapper-checked', { hasText: '否' })
      .waitFor();
    await page.getByTestId('dict-biz-submit').click();
    await hasText(form, '请输入字典编号');
    await hasText(form, '请输入字典名称');
    await form.getByTestId('field-code').fill('weather_kind');
    await form.getByTestId('field-dictValue').fill('天气类型');
    await form.getByTestId('field-dictValueEn').fill('Weather kind');
    await page.getByTestId('dict-biz-submit').click();
    await toast(page, '新增成功');

    // search narrows to it
    await page.locator('.crud-search').getByTestId('field-code').fill('weather');
    await page.getByTestId('dict-biz-search').click();
    await expect.poll(() => cells(page, 'dict-biz-table', 1)).toEqual(['weather_kind']);

    // its entries: a dialog 880 wide that an outside click leaves open
    await page
      .getByTestId('dict-biz-table')
      .locator('tr', { hasText: 'weather_kind' })
      .getByTestId('row-config')
      .click();
    const dialog = page.getByTestId('dict-child-dialog');
    await dialog.waitFor();
    await entriesDialogSettled(page);
    await page.mouse.click(20, 450);
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);

    // an entry under the dictionary: its code is the dictionary's, its parent preselected
    await page.getByTestId('dict-child-add').click();
    const childForm = page.getByTestId('dict-child-form');
    expect(await childForm.getByTestId('field-code').inputValue()).toBe('weather_kind');
    await hasText(childForm.getByTestId('field-parentId'), '天气类型');
    await page.getByTestId('dict-child-submit').click();
    await hasText(childForm, '请输入字典键值');
    await childForm.getByTestId('field-dictKey').fill('rain');
    await childForm.getByTestId('field-dictValue').fill('雨');
    await page.getByTestId('dict-child-submit').click();
    await toast(page, '新增成功');
    await hasText(page.getByTestId('dict-child-table'), '雨');

    // a child under that entry, then the tree shows it when expanded
    const rainRow = page
      .getByTestId('dict-child-table')
      .locator('tr.ant-table-row', { hasText: 'rain' })
      .first();
    await rainRow.getByTestId('row-add-child').click();
    await hasText(childForm.getByTestId('field-parentId'), '雨');
    await childForm.getByTestId('field-dictKey').fill('heavy');
    await childForm.getByTestId('field-dictValue').fill('大雨');
    await page.screenshot({ path: screenshotPath('dict-biz-entry-form') });
    await page.getByTestId('dict-child-submit').click();
    await toast(page, '新增成功');
    await rainRow.locator('.ant-table-row-expand-icon').click();
    await hasText(page.getByTestId('dict-child-table'), '大雨');

    // the same key twice under one parent is refused at the field
    await page.getByTestId('dict-child-add').click();
    await childForm.getByTestId('field-dictKey').fill('rain');
    await childForm.getByTestId('field-dictValue').fill('又一个雨');
    await page.getByTestId('dict-child-submit').click();
    await hasText(childForm, '同一上级下字典键值已存在');
    await page
      .locator('.ant-modal')
      .filter({ has: childForm })
      .getByRole('button', { name: '取 消' })
      .click();

    // edit the child
    const heavyRow = page.getByTestId('dict-child-table').locator('tr.ant-table-row', { hasText: 'heavy' });
    await heavyRow.getByTestId('row-edit').click();
    await childForm.getByTestId('field-dictValue').fill('暴雨');
    await page.getByTestId('dict-child-submit').click();
    await toast(page, '修改成功');
    // the open row stays open while the table reloads
    await hasText(page.getByTestId('dict-child-table'), '暴雨');
    await page.screenshot({ path: screenshotPath('dict-biz-entries') });

    // an entry that still has entries cannot be removed
    await rainRow.getByTestId('row-delete').click();
    await page.getByTestId('confirm-delete').click();
    await toast(page, '该字典下还有字典项，请先删除子项');
    await page.getByRole('button', { name: '关 闭' }).click();
    await dialog.waitFor({ state: 'detached' });

    // view and edit the dictionary itself
    const weatherRow = page.getByTestId('dict-biz-table').locator('tr', { hasText: 'weather_kind' });
    await weatherRow.getByTestId('row-edit').click();
    await form.getByTestId('field-remark').fill('气象条件');
    await page.getByTestId('dict-biz-submit').click();
    await toast(page, '修改成功');
    await weatherRow.getByTestId('row-view').click();
    await hasText(page.getByTestId('dict-biz-view'), '气象条件');
    await hasText(page.getByTestId('dict-biz-view'), 'Weather kind');
    await page.getByRole('button', { name: '取 消' }).click();

    // batch delete: a dictionary with entries is refused, an empty one goes
    await weatherRow.locator('.ant-checkbox-input').check();
    await page.getByTestId('dict-biz-batch-delete').click();
    await page.getByTestId('confirm-delete').click();
    await toast(page, '该字典下还有字典项，请先删除子项');
    await page.getByTestId('dict-biz-add').click();
    await form.getByTestId('field-code').fill('weather_temp');
    await form.getByTestId('field-dictValue').fill('临时');
    await page.getByTestId('dict-biz-submit').click();
    await toast(page, '新增成功');
    await expect.poll(() => cells(page, 'dict-biz-table', 1)).toEqual(['weather_kind', 'weather_temp']);
    const tempRow = page.getByTestId('dict-biz-table').locator('tr', { hasText: 'weather_temp' });
    await tempRow.locator('.ant-checkbox-input').check();
    await page.getByTestId('dict-biz-batch-delete').click();
    await page.getByTestId('confirm-delete').click();
    await toast(page, '删除成功');
    await expect.poll(() => cells(page, 'dict-biz-table', 1)).toEqual(['weather_kind']);

    // seeded dictionaries are sealed: shown as such
    await page.getByTestId('dict-biz-reset').click();
    await hasText(page.getByTestId('dict-biz-table'), 'task_nature');
    await ready(page);
    await page.screenshot({ path: screenshotPath('dict-biz-list') });
    await context.close();
  });

  it('system dictionaries and parameters as the platform administrator', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await openScreen(page, '系统管理', '系统字典', '/system/dict/index');
    await page.locator('.crud-search').getByTestId('field-code').fill('sex');
    await page.getByTestId('dict-search').click();
    await expect.poll(() => cells(page, 'dict-table', 1)).toEqual(['sex']);
    await page.getByTestId('dict-table').locator('tr', { hasText: 'sex' }).getByTestId('row-config').click();
    await hasText(page.getByTestId('dict-child-table'), '未知');
    await page.getByRole('button', { name: '关 闭' }).click();

    await openScreen(page, '系统管理', '参数管理', '/system/param/index');
    await page.getByTestId('param-add').click();
    const form = page.getByTestId('param-form');
    await page.getByTestId('param-submit').click();
    await hasText(form, '请输入参数名称');
    await hasText(form, '请输入参数键名');
    await hasText(form, '请输入参数键值');
    await form.getByTestId('field-paramName').fill('报告抬头');
    await form.getByTestId('field-paramKey').fill('report.header');
    await form.getByTestId('field-paramValue').fill('无人机巡检报告\n第二行');
    await page.screenshot({ path: screenshotPath('param-add') });
    await page.getByTestId('param-submit').click();
    await toast(page, '新增成功');

    // the value is not a search field; the name and key are
    expect(await page.locator('.crud-search').getByTestId('field-paramValue').count()).toBe(0);
    await page.locator('.crud-search').getByTestId('field-paramKey').fill('report');
    await page.getByTestId('param-search').click();
    await expect.poll(() => cells(page, 'param-table', 2)).toEqual(['report.header']);

    const row = page.getByTestId('param-table').locator('tr', { hasText: 'report.header' });
    await row.getByTestId('row-edit').click();
    await form.getByTestId('field-paramName').fill('巡检报告抬头');
    await page.getByTestId('param-submit').click();
    await toast(page, '修改成功');
    await row.getByTestId('row-view').click();
    await hasText(page.getByTestId('param-view'), '第二行');
    await page.getByRole('button', { name: '取 消' }).click();

    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('param-batch-delete').click();
    await hasText(page.locator('.ant-modal-confirm'), '确定将选择数据删除?');
    await page.getByTestId('confirm-delete').click();
    await toast(page, '删除成功');
    await expect.poll(async () => (await cells(page, 'param-table', 2)).length).toBe(0);

    // the reset-password parameter stays
    await page.getByTestId('param-reset').click();
    const builtIn = page.getByTestId('param-table').locator('tr', { hasText: 'account.initPassword' });
    await builtIn.getByTestId('row-delete').click();
    await page.getByTestId('confirm-delete').click();
    await toast(page, '系统内置参数不能删除，也不能修改键名');
    await ready(page);
    await page.screenshot({ path: screenshotPath('param-list') });
    await context.close();
  });

  it('a tenant reads system dictionaries and parameters, and cannot touch sealed business dictionaries', async () => {
    await twoTenants(env.platform.app, { theirs: '400001' });
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform, { tenant: '400001' });

    await page.goto(`${env.platform.url}/system/dict/index`);
    await page.getByTestId('dict-table').waitFor();
    await hasText(page.getByTestId('dict-page').locator('xpath=..'), '当前租户只能查看');
    expect(await page.getByTestId('dict-add').count()).toBe(0);
    expect(await page.getByTestId('dict-table').getByTestId('row-edit').count()).toBe(0);

    await page.goto(`${env.platform.url}/system/dict-biz/index`);
    await page.getByTestId('dict-biz-table').waitFor();
    const sealed = page.getByTestId('dict-biz-table').locator('tr', { hasText: 'task_nature' });
    await sealed.waitFor();
    expect(await sealed.getByTestId('row-edit').count()).toBe(0);
    expect(await sealed.getByTestId('row-delete').count()).toBe(0);
    // entries of a sealed dictionary are the tenant's to edit, and it may add its own
    await sealed.getByTestId('row-config').click();
    await page
      .getByTestId('dict-child-table')
      .locator('tr.ant-table-row')
      .first()
      .getByTestId('row-edit')
      .waitFor();
    await page.getByTestId('dict-child-add').waitFor();
    await entriesDialogSettled(page);
    await page.screenshot({ path: screenshotPath('dict-biz-tenant-entries') });
    await page.getByRole('button', { name: '关 闭' }).click();
    await page.screenshot({ path: screenshotPath('dict-biz-tenant') });

    await page.goto(`${env.platform.url}/system/param/index`);
    await page.getByTestId('param-table').locator('tr', { hasText: 'account.initPassword' }).waitFor();
    expect(await page.getByTestId('param-add').count()).toBe(0);
    await context.close();
  });
});
