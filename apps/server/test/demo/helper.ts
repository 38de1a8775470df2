/** An app with the device link on its embedded broker and the demo fleet, fifty times faster than real time. */
export const DEMO_ENV = {
  MQTT_ENABLED: 'true',
  MQTT_PORT: '0',
  HOST: '127.0.0.1',
  SIMULATOR: 'true',
  SIMULATOR_TIME_SCALE: '0.02',
  DEVICE_REPLY_TIMEOUT_MS: '5000',
};
