import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasText, newPage, onePlatform, ready, screenshotPath, signedIn } from './harness.js';

const env = onePlatform();
const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** The accounts shown in the user table. */
const accounts = (page: Page) =>
  page
    .getByTestId('user-table')
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent?.trim()));

/** Sign in through the API, as the new user would, and tell whether it worked. */
async function canSignIn(account: string, password: string): Promise<boolean> {
  const response = await env.platform.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: CLIENT_BASIC },
    query: {
      tenantId: '000000',
      username: account,
      password: createHash('md5').update(password).digest('hex'),
      grant_type: 'password',
      scope: 'all',
    },
  });
  return response.statusCode === 200;
}

function importFile(): Buffer {
  const book = XLSX.utils.book_new();
  const rows = [
    ['账号', '昵称', '姓名', '手机号', '角色', '部门'],
    ['imported1', '导入一', '赵一', '13800000011', '普通用户', '无人机智能巡检云平台'],
    ['imported2', '', '钱二', '12345', '普通用户', '无人机智能巡检云平台'],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Users');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/**
 * The user screen through a person's eyes (spec §3 User, §5 passwords, §7): add with the password rules,
 * see the user listed under its dept, reset the password, import a file with a bad row and read the errors.
 */
/** The row menu that is open now (antd keeps closed menus in the page, hidden). */
const openMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');

describe('user management', () => {
  it('adds a user, lists it, resets its password and imports a file with a bad row', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await page.goto(`${env.platform.url}/system/user/index`);
    await page.getByTestId('user-table').waitFor();
    await page.getByTestId('user-dept-tree').waitFor();

    // add: the password rules of spec §5 run in the form
    await page.getByTestId('user-add').click();
    const form = page.getByTestId('user-form');
    await form.getByTestId('field-account').fill('pilot7');
    await form.getByTestId('field-name').fill('七号飞手');
    await form.getByTestId('field-realName').fill('周七');
    await form.getByTestId('field-password').fill('weak');
    await form.getByTestId('field-password2').fill('weak2');
    await form.getByTestId('field-phone').fill('1381234');
    await page.getByTestId('user-submit').click();
    await hasText(form, '密码长度为 6 到 16 位，须包含大写字母、小写字母和数字');
    await hasText(form, '两次输入的密码不一致');
    await hasText(form, '手机号格式不正确');
    await hasText(form, '请选择所属角色');
    await form.getByTestId('field-password').fill('Pilot7pass');
    await form.getByTestId('field-password2').fill('Pilot7pass');
    await form.getByTestId('field-phone').fill('13812347777');
    await form.getByTestId('field-roleId').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '普通用户' }).click();
    await form.getByTestId('field-deptId').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', {
        hasText: '无人机智能巡检云平台',
      })
      .click();
    await form.getByTestId('field-account').click();
    await page.screenshot({ path: screenshotPath('user-add') });
    await page.getByTestId('user-submit').click();
    await hasText(page.locator('.ant-message'), '新增成功');
    await expect.poll(() => accounts(page)).toContain('pilot7');
    await hasText(page.getByTestId('user-table').locator('tr', { hasText: 'pilot7' }), '普通用户');
    expect(await canSignIn('pilot7', 'Pilot7pass')).toBe(true);

    // the dept tree narrows the list to that dept and the ones below it
    await page.getByTestId('user-dept-tree').getByText('无人机智能巡检云平台').click();
    await expect.poll(() => accounts(page)).toEqual(expect.arrayContaining(['admin', 'pilot7']));
    await ready(page);
    await page.screenshot({ path: screenshotPath('user-list') });

    // reset password from the row's menu, after a confirmation
    const row = page.getByTestId('user-table').locator('tr', { hasText: 'pilot7' });
    await row.getByTestId('user-more').click();
    await openMenu(page).getByTestId('user-action-reset').click();
    await hasText(page.locator('.ant-modal-confirm'), '初始密码');
    const reset = page.waitForResponse((response) => response.url().includes('/blade-user/reset-password'));
    await page.getByTestId('user-confirm').click();
    const answer = await reset;
    expect(`${answer.status()} ${await answer.text()}`).toMatch(/^200 /);
    await hasText(page.locator('.ant-message'), '密码已重置为初始密码');
    expect(await canSignIn('pilot7', '123456')).toBe(true);
    expect(await canSignIn('pilot7', 'Pilot7pass')).toBe(false);

    // freeze from the row's menu: the status shows it
    await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    await row.getByTestId('user-more').click();
    await openMenu(page).getByTestId('user-action-freeze').click();
    await page.getByTestId('user-confirm').click();
    await hasText(page.locator('.ant-message'), '冻结成功');
    await row.getByTestId('user-status-frozen').waitFor();
    expect(await canSignIn('pilot7', '123456')).toBe(false);

    // import: one good row, one bad row; the bad one is listed with its row number
    await page.getByTestId('user-import-open').click();
    const dialog = page.getByTestId('user-import');
    await dialog.waitFor();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: importFile(),
    });
    await hasText(page.getByTestId('user-import-result'), '共 2 行：新增 1 行，更新 0 行，失败 1 行');
    const errors = page.getByTestId('user-import-errors');
    await hasText(errors, '昵称不能为空');
    await hasText(errors, '手机号格式不正确');
    expect(await errors.locator('tbody tr.ant-table-row td:first-child').allTextContents()).toEqual([
      '3',
      '3',
    ]);
    await page.getByTestId('user-import-report').waitFor();
    await page.screenshot({ path: screenshotPath('user-import-errors') });
    await page.locator('.ant-modal-footer').getByRole('button').last().click();
    await expect.poll(() => accounts(page)).toContain('imported1');
    expect(await accounts(page)).not.toContain('imported2');

    // export: the filtered users as a spreadsheet with localized headers
    await page.locator('.crud-search').getByTestId('field-account').fill('imported');
    await page.getByTestId('user-search').click();
    await expect.poll(() => accounts(page)).toEqual(['imported1']);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('user-export').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('用户数据.xlsx');
    const book = XLSX.read(await readFile((await file.path())!), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]?.slice(0, 3)).toEqual(['账号', '昵称', '姓名']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['imported1']);
    await context.close();
  });
});
