import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { menu, role, roleMenu, roleScope } from '../apps/server/src/db/schema/index.js';
import { hasText, newPage, onePlatform, ready, screenshotPath, signedIn } from './harness.js';

const env = onePlatform();

/** Open a screen from the side menu as a person would. */
async function openScreen(page: Page, group: string, screen: string, path: string) {
  const menu = page.locator('.side-menu');
  const item = menu.getByRole('menuitem', { name: screen });
  if (!(await item.isVisible())) await menu.getByText(group, { exact: true }).click();
  await item.click();
  await page.waitForURL(`**${path}`);
  await page.locator('.tabs-bar .ant-tabs-tab-active', { hasText: screen }).waitFor();
}

const toast = (page: Page, text: string) => hasText(page.locator('.ant-message'), text);

/** The role names shown in the role table (tree rows included). */
const roleNames = (page: Page) =>
  page
    .getByTestId('role-table')
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent?.trim()));

/** A node of a checkbox tree by its title. */
const treeNode = (page: Page, tree: string, title: string) =>
  page
    .getByTestId(tree)
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });

/**
 * Roles, their grant, menus with their data scopes, and top menus through a person's eyes (spec §3, §5, §6):
 * create a role, grant it menus, see the grant saved; preset roles cannot be deleted.
 */
describe('roles, grants, menus and top menus', () => {
  it('creates a role, grants it menus and data scopes, and shows the grant saved', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await openScreen(page, '系统管理', '角色管理', '/system/role/index');
    await page.getByTestId('role-table').waitFor();
    await expect.poll(() => roleNames(page)).toEqual(['管理员', '普通用户']);

    // preset roles show no delete
    const adminRow = page.getByTestId('role-table').locator('tr', { hasText: '管理员' });
    await adminRow.getByTestId('row-edit').waitFor();
    expect(await adminRow.getByTestId('row-delete').count()).toBe(0);

    // add: name and sort are required (spec §5), the alias too
    await page.getByTestId('role-add').click();
    const form = page.getByTestId('role-form');
    await form.getByTestId('field-sort').fill('');
    await page.getByTestId('role-submit').click();
    await hasText(form, '角色名称不能为空');
    await form.getByTestId('field-roleName').fill('巡检员');
    await form.getByTestId('field-roleAlias').fill('inspector');
    await form.getByTestId('field-sort').fill('3');
    await page.getByTestId('role-submit').click();
    await toast(page, '新增成功');
    await expect.poll(() => roleNames(page)).toContain('巡检员');

    // a child role from the row
    const inspectorRow = () =>
      page.getByTestId('role-table').locator('tr.ant-table-row', { hasText: 'inspector' });
    await inspectorRow().getByTestId('row-add-child').click();
    await form.getByTestId('field-roleName').fill('巡检助理');
    await form.getByTestId('field-roleAlias').fill('inspector_assistant');
    await page.getByTestId('role-submit').click();
    await toast(page, '新增成功');
    await page
      .getByTestId('role-table')
      .locator('tr', { hasText: 'inspector' })
      .locator('.ant-table-row-expand-icon')
      .first()
      .click();
    await expect.poll(() => roleNames(page)).toContain('巡检助理');

    // a platform admin sets up a data scope on the post menu (menu screen, row "data scope")
    await openScreen(page, '系统管理', '菜单管理', '/system/menu/index');
    const menuTable = page.getByTestId('menu-table');
    await menuTable
      .locator('tr.ant-table-row', { hasText: '系统管理' })
      .locator('.ant-table-row-expand-icon')
      .click();
    const postRow = menuTable.locator('tr.ant-table-row', { hasText: '/system/post' });
    await postRow.waitFor();
    await ready(page);
    await page.screenshot({ path: screenshotPath('menu-list') });
    await postRow.getByTestId('row-scopes').click();
    await page.locator('.ant-dropdown-menu-item', { hasText: '数据权限' }).click();
    const drawer = page.getByTestId('data-scope-drawer');
    await drawer.getByTestId('data-scope-add').click();
    const scopeForm = page.getByTestId('data-scope-form');
    await scopeForm.getByTestId('field-scopeName').fill('本人岗位');
    await scopeForm.getByTestId('field-scopeType').click();
    await page.locator('.ant-select-item-option', { hasText: '本人可见' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('menu-data-scope-add') });
    await page.getByTestId('data-scope-submit').click();
    await toast(page, '新增成功');
    await hasText(drawer.getByTestId('data-scope-table'), '本人岗位');
    await page.waitForTimeout(500);
    await page.screenshot({ path: screenshotPath('menu-data-scope') });
    await page.locator('.ant-drawer-close').click();

    // grant the role the post screen and that data scope
    await openScreen(page, '系统管理', '角色管理', '/system/role/index');
    await inspectorRow().getByTestId('row-grant').click();
    const dialog = page.locator('.ant-modal', { hasText: '角色权限配置' });
    await treeNode(page, 'grant-menu-tree', '岗位管理').locator('.ant-tree-checkbox').first().click();
    await treeNode(page, 'grant-menu-tree', '首页').locator('.ant-tree-checkbox').first().click();
    await dialog.getByRole('tab', { name: '数据权限' }).click();
    await treeNode(page, 'grant-dataScope-tree', '本人岗位').locator('.ant-tree-checkbox').click();
    await dialog.getByRole('tab', { name: '菜单权限' }).click();
    await treeNode(page, 'grant-menu-tree', '岗位管理').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('role-grant') });
    await page.getByTestId('grant-submit').click();
    await toast(page, '权限设置成功');
    await dialog.waitFor({ state: 'detached' });

    // the grant is saved: the server has it, and the dialog shows it again
    const db = env.platform.app.database.db;
    const [inspector] = await db.select({ id: role.id }).from(role).where(eq(role.roleAlias, 'inspector'));
    const granted = await db
      .select({ code: menu.code })
      .from(roleMenu)
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .where(eq(roleMenu.roleId, inspector!.id));
    expect(granted.map((row) => row.code).sort()).toEqual(
      ['home', 'post', 'post_add', 'post_delete', 'post_edit', 'post_view', 'system'].sort(),
    );
    const scopes = await db
      .select({ id: roleScope.scopeId })
      .from(roleScope)
      .where(eq(roleScope.roleId, inspector!.id));
    expect(scopes).toHaveLength(1);
    await inspectorRow().getByTestId('row-grant').click();
    const checkedPost = treeNode(page, 'grant-menu-tree', '岗位管理').locator('.ant-tree-checkbox-checked');
    await checkedPost.first().waitFor();
    const system = treeNode(page, 'grant-menu-tree', '系统管理').locator('.ant-tree-checkbox-indeterminate');
    await system.first().waitFor();
    await dialog.getByRole('tab', { name: '数据权限' }).click();
    await treeNode(page, 'grant-dataScope-tree', '本人岗位').locator('.ant-tree-checkbox-checked').waitFor();
    await page.getByRole('button', { name: '取 消' }).click();

    // a custom role can be deleted after confirmation
    await inspectorRow().locator('.ant-table-row-expand-icon').first().click();
    await page
      .getByTestId('role-table')
      .locator('tr.ant-table-row', { hasText: 'inspector_assistant' })
      .getByTestId('row-delete')
      .click();
    await page.getByTestId('confirm-delete').click();
    await toast(page, '删除成功');
    await ready(page);
    await page.screenshot({ path: screenshotPath('role-list') });

    // top menus: the grant dialog shows what each one shows
    await openScreen(page, '系统管理', '顶部菜单', '/system/topmenu/index');
    await page
      .getByTestId('topmenu-table')
      .locator('tr.ant-table-row', { hasText: 'device_manager' })
      .getByTestId('row-grant')
      .click();
    await treeNode(page, 'topmenu-grant-tree', '设备管理')
      .locator('.ant-tree-checkbox-checked')
      .first()
      .waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: screenshotPath('topmenu-grant') });
    await page.getByTestId('topmenu-grant-submit').click();
    await toast(page, '菜单配置成功');

    // API scopes by menu (/authority/api-scope): find the menu, add a rule in its drawer
    await openScreen(page, '系统管理', '接口权限', '/authority/api-scope/index');
    await page.locator('.crud-search').getByTestId('field-code').fill('post');
    await page.getByTestId('api-scope-menus-search').click();
    const postMenuRow = page
      .getByTestId('api-scope-menus-table')
      .locator('tr.ant-table-row', { hasText: '/system/post' });
    await postMenuRow.getByTestId('row-scopes').click();
    const apiDrawer = page.getByTestId('api-scope-drawer');
    await apiDrawer.getByTestId('api-scope-add').click();
    const apiForm = page.getByTestId('api-scope-form');
    await apiForm.getByTestId('field-scopeName').fill('岗位列表');
    await apiForm.getByTestId('field-scopePath').fill('bad path');
    await page.getByTestId('api-scope-submit').click();
    await hasText(apiForm, '接口路径须以 / 开头');
    await apiForm.getByTestId('field-scopePath').fill('/api/blade-system/post/**');
    await page.getByTestId('api-scope-submit').click();
    await toast(page, '新增成功');
    await hasText(apiDrawer.getByTestId('api-scope-table'), '/api/blade-system/post/**');
    await page.waitForTimeout(500);
    await page.screenshot({ path: screenshotPath('api-scope') });
    await context.close();
  });
});
