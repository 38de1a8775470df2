import type zhCN from './locale.zh-CN';

export default {
  device: {
    title: 'device',
    name: 'Name',
    serialNumber: 'Serial number',
    serialNumberHint: 'The SN the device reports: letters, digits, - and _ only; unique across the platform',
    type: 'Device type',
    model: 'Model',
    modelHint: 'Choosing a model fills an empty takeoff weight, flight speed and load from its figures',
    brand: 'Brand',
    brandHint: 'Only brands associated with this device type (brand management, entity models)',
    status: 'Status',
    power: 'Power (W)',
    takeoffWeight: 'Takeoff weight (kg)',
    load: 'Load (kg)',
    flightSpeed: 'Flight speed (m/s)',
    payloads: 'Payloads',
    datalink: 'Data link',
    iotCard: 'IoT card',
    fingerprint: 'Physical fingerprint',
    address: 'Address',
    dock: 'Dock',
    creator: 'Created by',
    remark: 'Remark',
    image: 'Picture',
    imageHint: 'jpg, png, gif or webp, up to 5 MB',
    credential: {
      title: 'Device credentials',
      once: 'These credentials are shown only this once',
      onceDetail:
        'The MQTT password of "{{name}}" is shown here once: the platform keeps no readable copy and cannot show it again after you close this dialog. Copy it to the device now; if it is lost, reset the credentials.',
      username: 'MQTT username',
      password: 'MQTT password',
      saved: 'I have saved them, close',
      reset: 'Reset credentials',
      resetTitle: 'Reset credentials',
      resetConfirm:
        'Issue a new password for "{{name}}"? The old one stops working at once and the device must reconnect with the new one.',
    },
  },
} satisfies typeof zhCN;
