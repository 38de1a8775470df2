import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeviceCommandError } from '../../src/device/commands.js';
import { closeAll } from '../live-helper.js';
import {
  apiAnswers,
  CAP,
  dockEvent,
  type FaultFixture,
  faultFixture,
  handledOnce,
  liveAgain,
} from './helper.js';
import { available, type PrivateService, startMosquitto } from './services.js';

/**
 * The MQTT broker restarted under a running app (a private Mosquitto with persistence, on a free port):
 * the server's link and the device reconnect by themselves; a QoS 1 event the device published while the
 * broker was down reaches the server once (the device's queue, then the server's persistent session) and
 * is answered; the console's live view gets fresh telemetry again.
 */
describe.skipIf(!available.mosquitto)('MQTT broker restarted (skipped without mosquitto on PATH)', () => {
  let broker: PrivateService;
  let fixture: FaultFixture;

  beforeAll(async () => {
    broker = await startMosquitto();
    fixture = await faultFixture(
      { MQTT_URL: broker.url, MQTT_SHARE_GROUP: 'faults' },
      () => broker.url,
      // Mosquitto here has no accounts: the dock connects with its serial number as client id, no password
      (dock) => ({ clientId: dock.serialNumber }),
    );
  });
  afterAll(async () => {
    await closeAll();
    await fixture?.app.close();
    await broker?.destroy();
  }, 120_000);

  it('reconnects both ends and delivers the QoS 1 event published meanwhile once', async () => {
    const { app, device } = fixture;
    const link = app.platform.deviceLink;
    const before = dockEvent(fixture);
    await handledOnce(fixture, before);

    await broker.stop();
    await vi.waitFor(() => expect(device.connected).toBe(false), CAP);
    // Published while no broker runs: kept by the device's client, sent after its reconnection.
    const during = dockEvent(fixture);
    await apiAnswers(fixture, 200);
    // A command is refused at once while the broker is away, not queued to reach the dock after its timeout.
    await vi.waitFor(async () => {
      const refused = await link
        .call(fixture.dock.serialNumber, 'debug_mode_open', {}, { timeoutMs: 60_000 })
        .catch((error: DeviceCommandError) => error);
      expect(refused).toBeInstanceOf(DeviceCommandError);
      expect((refused as DeviceCommandError).reason).toBe('unavailable');
    }, CAP);

    await broker.start();
    await handledOnce(fixture, during);
    await liveAgain(fixture);
    const after = dockEvent(fixture);
    await handledOnce(fixture, after);
    expect(link.stats.failed).toBe(0);
  }, 150_000);
});
