import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasText, newPage, onePlatform, ready, screenshotPath, signedIn, signIn } from './harness.js';

const env = onePlatform();
// one signed-in page for the whole file: each test opens its screen by address
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  ({ context, page } = await newPage(env.browser));
  await signedIn(page, env.platform);
});
afterAll(async () => {
  await context?.close();
});

const rowOf = (table: Locator, text: string) => table.locator('tr.ant-table-row', { hasText: text }).first();
const toast = (on: Page) => on.locator('.ant-message');

/** Wait for running animations (a dialog opening or closing) to finish, so screenshots show the result. */
async function settled(on: Page) {
  await on.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Open the row showing `text` in a tree table (a refresh after a save folds the tree back up). */
async function expand(table: Locator, text: string) {
  await rowOf(table, text).waitFor();
  const collapsed = rowOf(table, text).locator('.ant-table-row-expand-icon-collapsed');
  if (await collapsed.count()) await collapsed.click();
}

/** Choose `option` in the select or tree select of `field` inside `scope`. */
async function choose(on: Page, scope: Locator, field: string, option: string) {
  await scope.getByTestId(`field-${field}`).click();
  await on
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper', { hasText: option })
    .first()
    .click();
}

/**
 * The organisation screens of the system area through an administrator's eyes: teams (a lazily loaded tree),
 * China's divisions, tenants (provisioning, settings, datasource) and OAuth clients (secret shown once).
 */
describe('system organisation screens', () => {
  it('manages teams as a lazy tree: add below, edit, view, refused and allowed deletes', async () => {
    await page.goto(`${env.platform.url}/system/dept/index`);
    const table = page.getByTestId('dept-table');
    await table.waitFor();
    await ready(page);
    const root = rowOf(table, '无人机智能巡检云平台');
    await root.waitFor();

    // add a team below the tenant's root organisation; the form checks the contract's rules first
    await root.getByTestId('row-add-child').click();
    const form = page.getByTestId('dept-form');
    await form.getByTestId('field-deptName').fill('   ');
    await page.getByTestId('dept-submit').click();
    await hasText(form, '不能为空或全为空格');
    await form.getByTestId('field-deptName').fill('巡检一队');
    await choose(page, form, 'deptCategory', '团队');
    await form.getByTestId('field-remark').fill('负责北区输电线路巡检');
    await settled(page);
    await page.screenshot({ path: screenshotPath('dept-add') });
    await page.getByTestId('dept-submit').click();
    await hasText(toast(page), '新增成功');

    // the root now expands to show it; a second level below that
    await root.locator('.ant-table-row-expand-icon').click();
    const team = rowOf(table, '巡检一队');
    await team.waitFor();
    await team.getByTestId('row-add-child').click();
    await form.getByTestId('field-deptName').fill('北区小组');
    await choose(page, form, 'deptCategory', '部门');
    await page.getByTestId('dept-submit').click();
    await hasText(toast(page), '新增成功');
    await expand(table, '无人机智能巡检云平台');
    await expand(table, '巡检一队');
    await rowOf(table, '北区小组').waitFor();

    // edit and view
    await rowOf(table, '北区小组').getByTestId('row-edit').click();
    await form.getByTestId('field-deptName').fill('北区一组');
    await page.getByTestId('dept-submit').click();
    await hasText(toast(page), '修改成功');
    await expand(table, '无人机智能巡检云平台');
    await expand(table, '巡检一队');
    await rowOf(table, '北区一组').waitFor();
    await rowOf(table, '巡检一队').getByTestId('row-view').click();
    const view = page.getByTestId('dept-view');
    await hasText(view, '团队');
    await hasText(view, '无人机智能巡检云平台');
    await settled(page);
    await page.screenshot({ path: screenshotPath('dept-view') });
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await view.waitFor({ state: 'hidden' });
    await settled(page);
    await page.screenshot({ path: screenshotPath('dept-tree') });

    // a team with a team below it cannot go; the leaf can
    await rowOf(table, '巡检一队').getByTestId('row-delete').click();
    await page.getByTestId('confirm-delete').click();
    await hasText(toast(page), '下还有下级机构');
    await page.getByTestId('dept-batch-delete').click();
    await hasText(toast(page), '请选择至少一条数据');
    await expand(table, '巡检一队');
    await rowOf(table, '北区一组').getByTestId('row-delete').click();
    await page.getByTestId('confirm-delete').click();
    await hasText(toast(page), '删除成功');

    // search lists matches flat
    await page.locator('.crud-search').getByTestId('field-deptName').fill('一队');
    await page.getByTestId('dept-search').click();
    await expect
      .poll(() => table.locator('tr.ant-table-row').allTextContents())
      .toEqual([expect.stringContaining('巡检一队')]);
  });

  it("browses China's divisions level by level and lets the platform add and remove one", async () => {
    await page.goto(`${env.platform.url}/system/region/index`);
    const table = page.getByTestId('region-table');
    await rowOf(table, '北京市').waitFor();
    await ready(page);
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(31);

    await rowOf(table, '广东省').locator('.ant-table-row-expand-icon').click();
    await rowOf(table, '广州市').locator('.ant-table-row-expand-icon').click();
    await rowOf(table, '天河区').waitFor();
    await settled(page);
    await page.screenshot({ path: screenshotPath('region-tree') });

    await rowOf(table, '天河区').getByTestId('row-add-child').click();
    const form = page.getByTestId('region-form');
    await form.getByTestId('field-code').fill('440106001');
    await form.getByTestId('field-name').fill('测试街道');
    await settled(page);
    await page.screenshot({ path: screenshotPath('region-add') });
    await page.getByTestId('region-submit').click();
    await hasText(toast(page), '新增成功');

    await page.locator('.crud-search').getByTestId('field-name').fill('测试街道');
    await page.getByTestId('region-search').click();
    const added = rowOf(table, '440106001');
    await added.waitFor();
    await hasText(added, '乡镇级');
    await added.getByTestId('row-delete').click();
    await page.getByTestId('confirm-delete').click();
    await hasText(toast(page), '删除成功');
    await page.getByTestId('region-reset').click();
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(31);
  });

  it('creates a tenant whose administrator can sign in, sets its limits and datasource, removes it', async () => {
    await page.goto(`${env.platform.url}/system/tenant/index`);
    const table = page.getByTestId('tenant-table');
    await rowOf(table, '000000').waitFor();
    await ready(page);
    // the platform tenant cannot be removed
    await expect.poll(() => rowOf(table, '000000').getByTestId('row-delete').count()).toBe(0);

    await page.getByTestId('tenant-add').click();
    const form = page.getByTestId('tenant-form');
    await form.getByTestId('field-tenantId').fill('880001');
    await form.getByTestId('field-tenantName').fill('东方巡检公司');
    await form.getByTestId('field-contactNumber').fill('12345');
    await page.getByTestId('tenant-submit').click();
    await hasText(form, '手机号格式不正确');
    await form.getByTestId('field-contactNumber').fill('13800138000');
    await form.getByTestId('field-linkman').fill('王经理');
    await page.getByTestId('tenant-submit').click();
    const created = page.getByTestId('tenant-created');
    await hasText(created, '880001');
    await hasText(page.getByTestId('tenant-created-password'), '123456');
    await settled(page);
    await page.screenshot({ path: screenshotPath('tenant-created') });
    await page.getByRole('button', { name: '知道了' }).click();
    await created.waitFor({ state: 'hidden' });

    // its administrator signs in with what the dialog told, and must change that password first
    const other = await newPage(env.browser);
    await signIn(other.page, env.platform, { tenant: '880001', username: 'admin', password: '123456' });
    await other.page.getByTestId('change-password-page').waitFor();
    await other.page.getByLabel('原密码').fill('123456');
    await other.page.getByLabel('新密码').fill('Eastern2468');
    await other.page.getByLabel('确认密码').fill('Eastern2468');
    await other.page.getByTestId('password-save').click();
    await other.page.getByTestId('home').waitFor();
    await other.context.close();

    // settings: account limit
    const row = rowOf(table, '880001');
    await row.getByTestId('row-setting').click();
    const setting = page.getByTestId('tenant-setting-form');
    await setting.getByTestId('field-accountNumber').fill('20');
    await settled(page);
    await page.screenshot({ path: screenshotPath('tenant-setting') });
    await page.getByTestId('tenant-setting-submit').click();
    await hasText(toast(page), '修改成功');
    await setting.waitFor({ state: 'hidden' });
    await hasText(rowOf(table, '880001'), '20');

    // datasource
    await rowOf(table, '880001').getByTestId('row-datasource').click();
    await page.getByTestId('field-datasourceId').fill('abc');
    await page.getByTestId('tenant-datasource-submit').click();
    await hasText(page.locator('.ant-modal'), 'ID 格式不正确');
    await page.getByTestId('field-datasourceId').fill('1234567890');
    await page.getByTestId('tenant-datasource-submit').click();
    await hasText(toast(page), '修改成功');
    await page.getByTestId('field-datasourceId').waitFor({ state: 'hidden' });

    await settled(page);

    await page.screenshot({ path: screenshotPath('tenant-list') });
    await rowOf(table, '880001').getByTestId('row-delete').click();
    await page.getByTestId('confirm-delete').click();
    await hasText(toast(page), '删除成功');
    await expect.poll(() => table.locator('tr.ant-table-row', { hasText: '880001' }).count()).toBe(0);
  });

  it('adds an OAuth client and shows its secret once; the console client cannot be removed', async () => {
    await page.goto(`${env.platform.url}/system/client/index`);
    const table = page.getByTestId('client-table');
    const saber = rowOf(table, 'saber');
    await saber.waitFor();
    await ready(page);
    await hasText(saber, '控制台正在使用');
    await expect.poll(() => saber.getByTestId('row-delete').count()).toBe(0);

    await page.getByTestId('client-add').click();
    const form = page.getByTestId('client-form');
    await form.getByTestId('field-clientId').fill('hangar_app');
    await form.getByTestId('field-accessTokenValidity').fill('0');
    await page.getByTestId('client-submit').click();
    await hasText(form, '有效期须为正整数（秒）');
    await form.getByTestId('field-accessTokenValidity').fill('7200');
    await settled(page);
    await page.screenshot({ path: screenshotPath('client-add') });
    await page.getByTestId('client-submit').click();
    const secret = page.getByTestId('client-secret');
    await hasText(secret, 'hangar_app');
    const value = await page.getByTestId('client-secret-value').textContent();
    expect(value?.trim()).toMatch(/^[\w-]{32}$/);
    await settled(page);
    await page.screenshot({ path: screenshotPath('client-secret') });
    await page.getByRole('button', { name: '我已保存' }).click();
    await secret.waitFor({ state: 'hidden' });
    await hasText(rowOf(table, 'hangar_app'), '7200');

    // viewing never shows a secret
    await rowOf(table, 'hangar_app').getByTestId('row-view').click();
    const view = page.getByTestId('client-view');
    await hasText(view, 'password');
    expect(await view.textContent()).not.toContain(value!.trim());
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await view.waitFor({ state: 'hidden' });
    await settled(page);
    await page.screenshot({ path: screenshotPath('client-list') });
  });
});
