import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newPage, onePlatform, ready, screenshotPath, signedIn, signIn, signedInEnglish } from './harness.js';

const env = onePlatform();

/** A real PNG of `size` x `size` pixels; `padding` bytes of extra chunk data make it as large as wanted. */
function png(size: number, padding = 0): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) rows.set([64, 158, 255], y * (size * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padding ? [chunk('tEXt', Buffer.alloc(padding, 65))] : []),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('personal center', () => {
  it('refuses a 600 kB avatar and accepts a small png, then saves the profile', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await page.goto(`${env.platform.url}/personal-center`);
    await page.getByTestId('personal-center').waitFor();
    const input = page.locator('input[type=file]');
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(8, 600 * 1024) });
    await page.getByText('头像大小不能超过 500KB').waitFor();
    await input.setInputFiles({ name: 'face.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('头像只能是 jpg 或 png 格式').waitFor();
    await input.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png(64) });
    await page.getByText('头像上传成功').waitFor();
    const src = await page.getByTestId('avatar-image').locator('img').getAttribute('src');
    expect(src).toMatch(/^\/files\/000000\/\d{8}\/\d+-[\w-]{22}\.png$/);
    expect((await fetch(`${env.platform.url}${src}`)).status).toBe(200);

    await page.getByLabel('手机号').fill('12345');
    await page.getByTestId('profile-save').click();
    await page.getByText('手机号格式不正确').waitFor();
    await page.getByLabel('手机号').fill('13812345678');
    await page.getByLabel('邮箱').fill('pilot@example.com');
    await page.getByLabel('用户名').fill('飞手小王');
    await page.getByTestId('profile-save').click();
    await page.getByText('修改成功').waitFor();
    await page.locator('.top-bar__user', { hasText: '飞手小王' }).waitFor();
    await ready(page);
    await page.screenshot({ path: screenshotPath('personal-center-zh-CN') });
    await context.close();
  });

  it('change password: rule, confirmation, wrong old password, then sign in again with the new one', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await page.goto(`${env.platform.url}/personal-center`);
    await page.getByRole('tab', { name: '修改密码' }).click();
    const old = page.getByLabel('原密码');
    const fresh = page.getByLabel('新密码');
    const confirm = page.getByLabel('确认密码');
    await old.fill('Admin@123');
    await fresh.fill('alllowercase1');
    await confirm.fill('alllowercase1');
    await page.getByTestId('password-save').click();
    await page.getByText('密码长度为 6 到 16 位，须包含大写字母、小写字母和数字').waitFor();
    await fresh.fill('NewPass123');
    await confirm.fill('NewPass124');
    await page.getByTestId('password-save').click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await old.fill('Wrong-old1');
    await confirm.fill('NewPass123');
    await page.getByTestId('password-save').click();
    await page.getByText('原密码不正确').waitFor();
    await old.fill('Admin@123');
    await page.getByTestId('password-save').click();
    await page.waitForURL('**/login');
    await signIn(page, env.platform, { password: 'Admin@123' });
    await page.getByText('用户名或密码不正确').waitFor();
    await signIn(page, env.platform, { password: 'NewPass123' });
    await page.waitForURL('**/home');
    await context.close();
  });

  it('shows the personal center in English', async () => {
    const { context, page } = await newPage(env.browser);
    await signedInEnglish(page, env.platform, { password: 'NewPass123' });
    await page.goto(`${env.platform.url}/personal-center`);
    await page.getByText('Personal info').waitFor();
    await ready(page);
    await page.screenshot({ path: screenshotPath('personal-center-en-US') });
    await context.close();
  });
});

describe('sign-in page screenshots', () => {
  it('looks right in both languages', async () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const { context, page } = await newPage(env.browser, language);
      await page.goto(`${env.platform.url}/login`);
      if (language === 'en-US') {
        await page.evaluate(() =>
          localStorage.setItem(
            'aos-language',
            JSON.stringify({ dataType: 'string', content: 'en-US', datetime: 0 }),
          ),
        );
        await page.reload();
      }
      await page.getByTestId('login-submit').waitFor();
      await ready(page);
      await page.screenshot({ path: screenshotPath(`login-${language}`) });
      await context.close();
    }
  });
});
