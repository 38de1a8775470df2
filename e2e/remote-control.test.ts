import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg, type PlatformClient, type SimFleet, VideoServer } from '../apps/device-sim/src/index.js';
import {
  hasText,
  newPage,
  onePlatform,
  ready,
  screenshotPath,
  signedIn,
  signedInEnglish,
} from './harness.js';
import { simulatedDock } from './sim.js';

/**
 * /remote-control against a simulated dock (apps/device-sim) speaking MQTT to the platform's embedded broker:
 * remote debug on, the hatch opening → opened, the aircraft powering on and down, and the offline banner.
 * The simulator runs five times faster than real time (hatch ≈ 3 s).
 */
const env = onePlatform({ MQTT_ENABLED: 'true', MQTT_PORT: '0', DEVICE_OFFLINE_MS: '3000' });
const DOCK_SN = 'E2ERCDOCK01';
const DRONE_SN = 'E2ERCUAV01';
let fleet: SimFleet;
let platform: PlatformClient;
const pages: BrowserContext[] = [];

beforeAll(async () => {
  ({ fleet, client: platform } = await simulatedDock(
    env.platform,
    { dockSn: DOCK_SN, droneSn: DRONE_SN, longitude: 113.943, latitude: 22.525, dronePoweredOn: false },
    { timeScale: 0.2, seed: 6 },
  ));
});
afterAll(async () => {
  for (const context of pages) await context.close();
  await fleet?.stop();
});

async function openConsole(language: 'zh-CN' | 'en-US'): Promise<Page> {
  const { context, page } = await newPage(env.browser, language);
  pages.push(context);
  await (language === 'en-US' ? signedInEnglish : signedIn)(page, env.platform);
  await page.goto(`${env.platform.url}/remote-control?sn=${DOCK_SN}`);
  await ready(page);
  await page.locator('[data-testid="dock-state-online"][data-state="online"]').waitFor();
  return page;
}

const chip = (page: Page, part: string, state: string) =>
  page.locator(`[data-testid="dock-state-${part}"][data-state="${state}"]`);
const control = (page: Page, action: string) => page.getByTestId(`control-${action}`);

async function confirm(page: Page) {
  await page.getByTestId('confirm-ok').click();
}

describe('remote control of a simulated dock', () => {
  it('opens the hatch in remote debug mode and powers the aircraft on and off (zh-CN)', async () => {
    const page = await openConsole('zh-CN');
    // No console header here (spec §2), the dock's cameras and the panel are.
    expect(await page.locator('.console-header').count()).toBe(0);
    await page.getByTestId('video-wall').waitFor();
    await chip(page, 'hatch', 'closed').waitFor();

    // Without remote debug the hatch button is disabled with the server's reason as its tooltip.
    expect(await control(page, 'cover_open').isDisabled()).toBe(true);
    expect(await control(page, 'cover_open').getAttribute('data-refusal')).toBe('device.remoteDebugRequired');
    await control(page, 'cover_open').locator('..').hover();
    await hasText(page.locator('.ant-tooltip'), '请先开启远程调试模式');
    await page.mouse.move(0, 0);
    // The aircraft is off: flight commands say so.
    expect(await control(page, 'takeoff').getAttribute('data-refusal')).toBe('device.droneNotPowered');

    await control(page, 'debug_mode_open').click();
    await chip(page, 'debug', 'debug_on').waitFor();

    await control(page, 'cover_open').click();
    await hasText(page.locator('.ant-modal-confirm'), '打开');
    await confirm(page);
    await chip(page, 'hatch', 'opening').waitFor();
    await hasText(page.getByTestId('dock-state-hatch'), '开启中');
    await page.getByTestId('dock-state-job').waitFor();
    // While the dock is busy every other dock command waits.
    expect(await control(page, 'putter_open').getAttribute('data-refusal')).toBe('device.dockBusy');
    await page.screenshot({ path: screenshotPath('remote-control-zh-opening') });
    await chip(page, 'hatch', 'opened').waitFor();
    await hasText(page.getByTestId('dock-state-hatch'), '已开启');
    await hasText(page.locator('.ant-message'), '打开舱盖：已完成');
    expect(await control(page, 'cover_open').getAttribute('data-refusal')).toBe('device.already');

    await control(page, 'drone_open').click();
    await chip(page, 'drone-power', 'powering_on').waitFor();
    await hasText(page.getByTestId('dock-state-drone-power'), '开机中');
    await chip(page, 'drone-power', 'powered_on').waitFor();
    await page.locator('[data-testid="drone-telemetry"][data-powered="on"]').waitFor();
    // Powered on and on the ground, in remote debug: take-off wants debug mode off first.
    expect(await control(page, 'takeoff').getAttribute('data-refusal')).toBe('device.remoteDebugActive');
    await page.screenshot({ path: screenshotPath('remote-control-zh') });

    await control(page, 'drone_close').click();
    await confirm(page);
    await chip(page, 'drone-power', 'powering_down').waitFor();
    await chip(page, 'drone-power', 'powered_off')
      .waitFor()
      .catch(async (error: Error) => {
        // This step once failed on a loaded machine with nothing to go on: say what was shown instead.
        const shown = await page.getByTestId('dock-state-drone-power').getAttribute('data-state');
        throw new Error(
          `${error.message}\naircraft shown as ${shown}; simulator ${JSON.stringify(fleet.status())}`,
        );
      });
    await hasText(page.getByTestId('dock-state-drone-power'), '已关机');
  });

  it('reads in English, with the refusals in English (en-US)', async () => {
    const page = await openConsole('en-US');
    await hasText(page.getByTestId('dock-controls'), 'Remote debug');
    await chip(page, 'hatch', 'opened').waitFor();
    await hasText(page.getByTestId('dock-state-hatch'), 'opened');
    await control(page, 'takeoff').locator('..').hover();
    await hasText(page.locator('.ant-tooltip'), 'The aircraft is not powered on and cannot be controlled');
    // The dock has no stream address: the player says so instead of showing black.
    await hasText(page.getByTestId('video-wall'), 'No signal');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: screenshotPath('remote-control-en') });
  });

  it('shows an offline dock with the spec message and every control disabled', async () => {
    const page = await openConsole('en-US');
    fleet.fault('offline');
    await page.getByTestId('offline-banner').waitFor();
    await hasText(page.getByTestId('offline-banner'), 'Hangar is offline');
    await page.locator('[data-testid="dock-state-online"][data-state="offline"]').waitFor();
    const buttons = page.locator('button[data-testid^="control-"]');
    const count = await buttons.count();
    expect(count).toBeGreaterThan(20);
    for (let index = 0; index < count; index += 1) {
      const button = buttons.nth(index);
      expect(await button.isDisabled(), (await button.getAttribute('data-testid')) ?? '').toBe(true);
    }
    expect(await page.locator('.ant-slider-disabled').count()).toBe(1);
    expect(await page.locator('.ant-segmented-disabled').count()).toBe(2);
    expect(await control(page, 'debug_mode_close').getAttribute('data-refusal')).toBe('device.dockOffline');
    await page.screenshot({ path: screenshotPath('remote-control-offline') });

    // Back online: the banner goes and the controls come back.
    fleet.dock(DOCK_SN).clearFault('offline');
    await page.locator('[data-testid="dock-state-online"][data-state="online"]').waitFor();
    expect(await page.getByTestId('offline-banner').count()).toBe(0);
    expect(await control(page, 'debug_mode_close').isDisabled()).toBe(false);
  });

  it('lands a menu click on the same full-screen console', async () => {
    const page = await openConsole('zh-CN');
    await page.goto(`${env.platform.url}/home`);
    await page.getByTestId('home').waitFor();
    await page.goto(`${env.platform.url}/remote-control`);
    await page.getByTestId(`remote-dock-${DOCK_SN}`).click();
    await page.waitForURL(`**/remote-control?sn=${DOCK_SN}`);
    await page.getByTestId('dock-state-panel').waitFor();
  });

  it('takes off to a typed point, pauses and resumes, takes a photo, flies on and returns home (en-US)', async () => {
    const page = await openConsole('en-US');
    const drone = page.getByTestId('drone-telemetry');
    // The first test left remote debug on and the hatch open: power the aircraft on, then leave debug mode.
    await chip(page, 'debug', 'debug_on').waitFor();
    await control(page, 'drone_open').click();
    await chip(page, 'drone-power', 'powered_on').waitFor();
    expect(await control(page, 'fly_to').getAttribute('data-refusal')).toBe('device.droneGrounded');
    await control(page, 'debug_mode_close').click();
    await chip(page, 'debug', 'debug_off').waitFor();
    await expect.poll(() => control(page, 'takeoff').isDisabled()).toBe(false);

    // Take off: the dialog is the confirmation; the point is typed (≈ 110 m east of the dock).
    await control(page, 'takeoff').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('target-ok') });
    await dialog.getByTestId('target-longitude').fill('113.944');
    await dialog.getByTestId('target-latitude').fill('22.525');
    await dialog.getByTestId('target-height').fill('30');
    // Slowly (≈ 40 s), so that the flight is still under way when a loaded machine gets to pause it.
    await dialog.getByTestId('target-speed').fill('3');
    await page.getByTestId('target-ok').click();
    await hasText(page.locator('.ant-message'), 'sent: Take off');
    await page.getByTestId('flight-progress').waitFor();
    await hasText(page.getByTestId('flight-progress'), 'take off to point');
    await page.locator('[data-testid="drone-telemetry"][data-airborne="yes"]').waitFor();
    expect(await control(page, 'takeoff').getAttribute('data-refusal')).toBe('device.droneFlying');

    // Pause and resume the running flight: each button is enabled only when it applies.
    // (enabled by the flight's progress over the live link: slow on a loaded machine)
    await expect.poll(() => control(page, 'pause').isDisabled(), { timeout: 30_000 }).toBe(false);
    await control(page, 'pause').click();
    await hasText(page.locator('.ant-message'), 'sent: Pause');
    // the dock's 'paused' progress comes over the live link: on a loaded machine it can take a while
    await expect.poll(() => control(page, 'resume').isDisabled(), { timeout: 30_000 }).toBe(false);
    expect(await control(page, 'pause').getAttribute('data-refusal')).toBe('device.noFlightToPause');
    await control(page, 'resume').click();
    await expect.poll(() => control(page, 'pause').isDisabled(), { timeout: 30_000 }).toBe(false);

    // A photo from the air.
    await control(page, 'photo').click();
    await hasText(page.locator('.ant-message'), 'sent: Photo');

    // Fly on to a second point, then home: return home asks first, and the aircraft lands in the dock.
    await control(page, 'fly_to').click();
    await dialog.getByTestId('target-longitude').fill('113.9435');
    await dialog.getByTestId('target-latitude').fill('22.5255');
    await page.getByTestId('target-ok').click();
    await hasText(page.locator('.ant-message'), 'sent: Fly to');
    await page.screenshot({ path: screenshotPath('remote-control-flying') });
    await control(page, 'return_home').click();
    await confirm(page);
    await page
      .locator(
        '[data-testid="drone-telemetry"][data-mode="9"], [data-testid="drone-telemetry"][data-mode="10"]',
      )
      .first()
      .waitFor();
    await page.locator('[data-testid="drone-telemetry"][data-airborne="no"]').waitFor({ timeout: 60_000 });
    expect(await drone.getAttribute('data-powered')).toBe('on');
    expect(await control(page, 'return_home').getAttribute('data-refusal')).toBe('device.droneGrounded');
    // a whole flight (take-off, pause, photo, fly on, home, landing) on a simulated clock: on CI's loaded
    // machine it has taken over the 60 s default; the landing alone may wait 60 s above
  }, 180_000);

  // CI installs Debian's ffmpeg (.ci/run); elsewhere this runs when ffmpeg is on PATH.
  it.skipIf(!findFfmpeg())("plays the dock camera's HLS stream (the simulator's test pattern)", async () => {
    const video = new VideoServer({ streams: [`${DOCK_SN}-outside`] });
    const [stream] = await video.start();
    try {
      if (!stream?.available) throw new Error('expected the test pattern to be available');
      await platform.setDockStreams(DOCK_SN, { streamOutside: stream.url });
      const page = await openConsole('en-US');
      const wall = page.getByTestId('video-wall');
      await wall.locator('[data-testid="video-player"][data-phase="playing"]').first().waitFor();
      await page.waitForFunction(
        () => {
          const element = document.querySelector<HTMLVideoElement>('[data-testid="video-wall"] video');
          return element !== null && element.videoWidth === 640 && element.currentTime > 1;
        },
        undefined,
        { timeout: 30_000 },
      );
      // the tab of a camera with an address is marked, the others are not
      expect(
        await page.getByTestId('video-tab-streamOutside').locator('.ant-badge-status-success').count(),
      ).toBe(1);
      expect(
        await page.getByTestId('video-tab-streamInside').locator('.ant-badge-status-success').count(),
      ).toBe(0);
      await page.screenshot({ path: screenshotPath('remote-control-video') });
    } finally {
      await platform.setDockStreams(DOCK_SN, { streamOutside: '' });
      await video.stop();
    }
  });
});
