import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasText, newPage, onePlatform, ready, screenshotPath, signedIn, still } from './harness.js';

const env = onePlatform();
let context: BrowserContext;
let page: Page;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

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
const tableText = (table: string) => page.getByTestId(`${table}-table`).locator('tbody').innerText();

async function open(path: string, table: string) {
  await page.goto(`${env.platform.url}${path}`);
  await page.getByTestId(`${table}-table`).waitFor();
  await ready(page);
}

/** The form's messages of an earlier attempt have gone (validation re-ran on the new values). */
async function settled(form: ReturnType<Page['getByTestId']>) {
  await expect.poll(() => form.locator('.ant-form-item-explain-error').count()).toBe(0);
}

async function choose(dialog: ReturnType<Page['getByTestId']>, field: string, option: string) {
  await dialog.getByTestId(`field-${field}`).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
}

/** Storage, SMS, attachments, notices and the logs they leave, through an administrator's eyes. */
describe('resources, notices and logs', () => {
  it('object storage: adds a disk and a MinIO configuration, masks the secret, enables one', async () => {
    await open('/resource/oss/index', 'oss');
    const dialog = page.getByTestId('oss-form');

    await page.getByTestId('oss-add').click();
    await choose(dialog, 'category', '本地磁盘');
    await dialog.getByTestId('field-ossCode').fill('disk');
    await page.getByTestId('oss-submit').click();
    await hasText(toast(), '新增成功');

    // an S3-compatible store nobody answers (its name does not resolve): uploads through it fail until the
    // disk is enabled again; an address of our own network is refused on save (issue 14)
    await page.getByTestId('oss-add').click();
    await dialog.getByTestId('field-ossCode').fill('minio-down');
    await dialog.getByTestId('field-endpoint').fill('ftp://nowhere');
    await page.getByTestId('oss-submit').click();
    await hasText(dialog, '地址必须以 http 或 https 开头');
    await dialog.getByTestId('field-endpoint').fill('http://127.0.0.1:9');
    await dialog.getByTestId('field-bucketName').fill('drone-files');
    await dialog.getByTestId('field-accessKey').fill('AKIAE2E');
    await dialog.getByTestId('field-secretKey').fill('e2e-secret-value');
    await page.getByTestId('oss-submit').click();
    await hasText(dialog, '地址不能指向本机、内网');
    await dialog.getByTestId('field-endpoint').fill('http://s3.nowhere.invalid:9000');
    await still(page);
    await page.screenshot({ path: screenshotPath('oss-add') });
    await page.getByTestId('oss-submit').click();
    await hasText(toast(), '新增成功');
    await hasText(page.getByTestId('oss-table'), 'minio-down');
    // once the dialog (where it was typed) is gone, the secret is nowhere on the page
    await page.getByTestId('oss-form').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain('e2e-secret-value');

    await rowOf('oss', 'minio-down').getByTestId('row-view').click();
    await hasText(page.getByTestId('oss-view'), '******');
    await page.getByRole('button', { name: '取 消' }).click();

    await rowOf('oss', 'minio-down').getByTestId('row-enable').click();
    await page.getByTestId('confirm-enable').click();
    await hasText(toast(), '启用成功');
    await hasText(rowOf('oss', 'minio-down'), '已启用');
    await still(page);
    await page.screenshot({ path: screenshotPath('oss-list') });
  });

  it('attachments: an upload the store refuses fails cleanly; with the disk it is listed, downloaded, renamed and deleted', async () => {
    await open('/resource/attach/index', 'attach');
    const input = page.locator('input[type=file]');
    await input.setInputFiles({ name: 'lost.pdf', mimeType: 'application/pdf', buffer: PDF });
    // a 502 naming the store that failed
    await hasText(toast(), /对象存储 .*访问失败，请检查存储配置/);

    await open('/resource/oss/index', 'oss');
    await rowOf('oss', 'disk').getByTestId('row-enable').click();
    await page.getByTestId('confirm-enable').click();
    await hasText(rowOf('oss', 'disk'), '已启用');
    await hasText(rowOf('oss', 'minio-down'), '未启用');

    await open('/resource/attach/index', 'attach');
    await page.locator('input[type=file]').setInputFiles({
      name: '巡检报告.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await hasText(toast(), '上传成功');
    await hasText(page.getByTestId('attach-table'), '巡检报告.pdf');
    expect(await tableText('attach')).not.toContain('lost.pdf');
    await still(page);
    await page.screenshot({ path: screenshotPath('attach-list') });

    const downloading = page.waitForEvent('download');
    await rowOf('attach', '巡检报告.pdf').getByTestId('row-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('巡检报告.pdf');

    await rowOf('attach', '巡检报告.pdf').getByTestId('row-edit').click();
    await page.getByTestId('attach-form').getByTestId('field-originalName').fill('2025 巡检报告.pdf');
    await page.getByTestId('attach-submit').click();
    await hasText(toast(), '修改成功');
    await hasText(page.getByTestId('attach-table'), '2025 巡检报告.pdf');

    await rowOf('attach', '2025 巡检报告.pdf').getByTestId('row-delete').click();
    await page.getByTestId('confirm-delete').click();
    await hasText(toast(), '删除成功');
    await expect.poll(() => tableText('attach')).not.toContain('巡检报告');
  });

  it('SMS: adds and enables the outbox provider, sends a test message, reads it in the outbox', async () => {
    await open('/resource/sms/index', 'sms');
    const dialog = page.getByTestId('sms-form');
    await page.getByTestId('sms-add').click();
    await dialog.getByTestId('field-smsCode').fill('outbox');
    await dialog.getByTestId('field-signName').fill('无人机云');
    await page.getByTestId('sms-submit').click();
    await hasText(toast(), '新增成功');
    await rowOf('sms', 'outbox').getByTestId('row-enable').click();
    await page.getByTestId('confirm-enable').click();
    await hasText(rowOf('sms', 'outbox'), '已启用');

    await rowOf('sms', 'outbox').getByTestId('row-send-test').click();
    const form = page.getByTestId('sms-send-form');
    await form.getByTestId('field-phone').fill('12345');
    await page.getByTestId('sms-send').click();
    await hasText(form, '手机号格式不正确');
    await form.getByTestId('field-phone').fill('13800138000');
    await form.getByTestId('field-content').fill('机库 3 号离线，请检查。');
    await settled(form);
    await still(page);
    await page.screenshot({ path: screenshotPath('sms-send') });
    await page.getByTestId('sms-send').click();
    await hasText(toast(), '短信发送成功');

    await page.getByTestId('sms-outbox-tab').click();
    await page.getByTestId('sms-outbox-table').waitFor();
    await hasText(page.getByTestId('sms-outbox-table'), '【无人机云】机库 3 号离线，请检查。');
    await still(page);
    await page.screenshot({ path: screenshotPath('sms-outbox') });
  });

  it('notices: adds with validation, searches, edits, views and deletes', async () => {
    await open('/desk/notice/index', 'notice');
    const dialog = page.getByTestId('notice-form');
    await page.getByTestId('notice-add').click();
    await page.getByTestId('notice-submit').click();
    await hasText(dialog, '通知标题不能为空');
    await dialog.getByTestId('field-title').fill('机库维护通知');
    await choose(dialog, 'category', '发布通知');
    await dialog.getByTestId('field-releaseTime').click();
    await page.keyboard.type('2025-03-01 09:00:00');
    await page.keyboard.press('Enter');
    await dialog.getByTestId('field-content').fill('3 号机库周六停用。\n航线任务改由 4 号机库执行。');
    await settled(dialog);
    await still(page);
    await page.screenshot({ path: screenshotPath('notice-add') });
    await page.getByTestId('notice-submit').click();
    await hasText(toast(), '新增成功');
    await hasText(page.getByTestId('notice-table'), '2025-03-01 09:00:00');

    await page.getByTestId('notice-add').click();
    await dialog.getByTestId('field-title').fill('空域申请提醒');
    await choose(dialog, 'category', '指示通知');
    await dialog.getByTestId('field-releaseTime').click();
    await page.keyboard.type('2025-04-01 08:30:00');
    await page.keyboard.press('Enter');
    await dialog.getByTestId('field-content').fill('请提前三天提交空域申请。');
    await page.getByTestId('notice-submit').click();
    await hasText(toast(), '新增成功');

    await page.locator('.crud-search').getByTestId('field-title').fill('机库');
    await page.getByTestId('notice-search').click();
    await expect.poll(() => tableText('notice')).not.toContain('空域申请提醒');
    await page.getByTestId('notice-reset').click();
    await hasText(page.getByTestId('notice-table'), '空域申请提醒');

    await rowOf('notice', '机库维护通知').getByTestId('row-edit').click();
    await dialog.getByTestId('field-title').fill('机库维护通知（更新）');
    await page.getByTestId('notice-submit').click();
    await hasText(toast(), '修改成功');
    await rowOf('notice', '机库维护通知（更新）').getByTestId('row-view').click();
    await hasText(page.getByTestId('notice-view'), '航线任务改由 4 号机库执行。');
    await hasText(page.getByTestId('notice-view'), '发布通知');
    await still(page);
    await page.screenshot({ path: screenshotPath('notice-view') });
    await page.getByRole('button', { name: '取 消' }).click();

    await page.getByTestId('notice-batch-delete').click();
    await hasText(toast(), '请选择至少一条数据');
    await rowOf('notice', '空域申请提醒').locator('.ant-checkbox-input').check();
    await page.getByTestId('notice-batch-delete').click();
    await page.getByTestId('confirm-delete').click();
    await hasText(toast(), '删除成功');
    await expect.poll(() => tableText('notice')).not.toContain('空域申请提醒');
  });

  it('logs: the calls above left API logs, the failed upload an error log with its stack, and usual logs', async () => {
    await env.platform.app.services.logs.flush();
    await open('/monitor/log/api/index', 'log_api');
    await hasText(page.getByTestId('log_api-table'), '/api/blade-desk/notice/submit');
    await page.locator('.crud-search').getByTestId('field-requestUri').fill('oss/submit');
    await page.getByTestId('log_api-search').click();
    await expect.poll(() => tableText('log_api')).not.toContain('notice/submit');
    await still(page);
    await page.screenshot({ path: screenshotPath('log-api') });
    await page
      .getByTestId('log_api-table')
      .locator('tr', { hasText: 'oss/submit' })
      .first()
      .getByTestId('row-view')
      .click();
    const view = page.getByTestId('log_api-view');
    await hasText(view, '"secretKey": "***"');
    expect(await view.innerText()).not.toContain('e2e-secret-value');
    await still(page);
    await page.screenshot({ path: screenshotPath('log-api-view') });
    await page.getByRole('button', { name: '取 消' }).click();

    await open('/monitor/log/error/index', 'log_error');
    await hasText(page.getByTestId('log_error-table'), '/api/blade-resource/oss/endpoint/upload-file');
    await page
      .getByTestId('log_error-table')
      .locator('tbody tr.ant-table-row')
      .first()
      .getByTestId('row-view')
      .click();
    await hasText(page.getByTestId('log_error-view'), 'StoreError');
    await hasText(page.getByTestId('log_error-view'), 's3-store.ts');
    await still(page);
    await page.screenshot({ path: screenshotPath('log-error-view') });
    await page.getByRole('button', { name: '取 消' }).click();

    await open('/monitor/log/usual/index', 'log_usual');
    await hasText(page.getByTestId('log_usual-table'), '启用对象存储配置 disk（local）');
    await hasText(page.getByTestId('log_usual-table'), '账号 admin 登录成功');
    await still(page);
    await page.screenshot({ path: screenshotPath('log-usual') });
  });
});
