import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasText, newPage, onePlatform, ready, screenshotPath, signedIn } from './harness.js';

const env = onePlatform();

/** The rows of the post table as their post codes. */
const codes = (page: Page) =>
  page
    .getByTestId('post-table')
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[2]?.textContent?.trim()));

/**
 * The reference CRUD screen (components/crud/CrudPage) through a person's eyes: add with validation,
 * search, edit, view, row and batch delete with their confirmations and toasts (spec §2, §5, §8).
 */
describe('post management (CrudPage)', () => {
  it('adds, validates, searches, edits, views and deletes posts', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await page.goto(`${env.platform.url}/system/post/index`);
    await page.getByTestId('post-table').waitFor();

    // batch delete with nothing selected warns (spec §5)
    await page.getByTestId('post-batch-delete').click();
    await hasText(page.locator('.ant-message'), '请选择至少一条数据');

    // add: the contract's rules run in the form before anything is sent
    await page.getByTestId('post-add').click();
    const dialog = page.getByTestId('post-form');
    // the browser asks for reduced motion (harness): the dialog is there at once, without an opening animation
    const modalClasses = await page
      .locator('.ant-modal, .ant-modal-mask')
      .evaluateAll((nodes) => nodes.map((node) => node.className).join(' '));
    expect(modalClasses).toContain('ant-modal');
    expect(modalClasses).not.toMatch(/-appear|-enter/);
    await dialog.getByTestId('field-postCode').fill('   ');
    await page.getByTestId('post-submit').click();
    await hasText(dialog, '不能为空或全为空格');
    await hasText(dialog, '岗位名称不能为空');
    await dialog.getByTestId('field-category').click();
    await page.locator('.ant-select-item-option', { hasText: '基层' }).click();
    await dialog.getByTestId('field-postCode').fill('pilot');
    await dialog.getByTestId('field-postName').fill('飞手');
    await dialog.getByTestId('field-remark').fill('持证无人机驾驶员');
    await page.screenshot({ path: screenshotPath('post-add') });
    await page.getByTestId('post-submit').click();
    await hasText(page.locator('.ant-message'), '新增成功');
    await expect.poll(() => codes(page)).toContain('pilot');

    // a second one; the server refuses a duplicate code and the form shows it at the field
    for (const [code, name] of [
      ['inspector', '巡检员'],
      ['pilot', '重复'],
    ]) {
      await page.getByTestId('post-add').click();
      await dialog.getByTestId('field-category').click();
      await page.locator('.ant-select-item-option', { hasText: '基层' }).click();
      await dialog.getByTestId('field-postCode').fill(code!);
      await dialog.getByTestId('field-postName').fill(name!);
      await page.getByTestId('post-submit').click();
      if (code === 'pilot') {
        await hasText(dialog, '岗位编号已存在');
        await page.getByRole('button', { name: '取 消' }).click();
      } else {
        await hasText(page.locator('.ant-message'), '新增成功');
      }
    }
    await expect.poll(() => codes(page)).toEqual(expect.arrayContaining(['pilot', 'inspector']));

    // search by code narrows the table; reset brings everything back
    await page.locator('.crud-search').getByTestId('field-postCode').fill('insp');
    await page.getByTestId('post-search').click();
    await expect.poll(() => codes(page)).toEqual(['inspector']);
    await page.getByTestId('post-reset').click();
    await expect.poll(async () => (await codes(page)).length).toBe(2);

    // edit
    const pilotRow = page.getByTestId('post-table').locator('tr', { hasText: 'pilot' });
    await pilotRow.getByTestId('row-edit').click();
    await dialog.getByTestId('field-postName').fill('无人机飞手');
    await page.getByTestId('post-submit').click();
    await hasText(page.locator('.ant-message'), '修改成功');
    await hasText(page.getByTestId('post-table'), '无人机飞手');

    // view shows labels, not keys
    await pilotRow.getByTestId('row-view').click();
    await hasText(page.getByTestId('post-view'), '基层');
    await hasText(page.getByTestId('post-view'), '无人机飞手');
    await page.screenshot({ path: screenshotPath('post-view') });
    await page.getByRole('button', { name: '取 消' }).click();

    await ready(page);
    await page.screenshot({ path: screenshotPath('post-list') });

    // row delete asks first
    await page
      .getByTestId('post-table')
      .locator('tr', { hasText: 'inspector' })
      .getByTestId('row-delete')
      .click();
    await hasText(page.locator('.ant-modal-confirm'), '确定将选择数据删除?');
    await page.getByTestId('confirm-delete').click();
    await hasText(page.locator('.ant-message'), '删除成功');
    await expect.poll(() => codes(page)).toEqual(['pilot']);

    // batch delete of the selection
    await pilotRow.locator('.ant-checkbox-input').check();
    await page.getByTestId('post-batch-delete').click();
    await page.getByTestId('confirm-delete').click();
    await expect.poll(async () => (await codes(page)).length).toBe(0);
    await context.close();
  });
});
