import { connect, connectAsync } from 'mqtt';
const url = 'mqtt://127.0.0.1:18831';
const opts = { protocolVersion: 5, clientId: 'srv-2', clean: false, properties: { sessionExpiryInterval: 600 }, reconnectPeriod: 0 };
let s = await connectAsync(url, opts);
await s.subscribeAsync(['$share/g/t/+', 'plain/+'], { qos: 1 });
await s.endAsync(true); await new Promise((r) => setTimeout(r, +process.argv[2]));
const d = await connectAsync(url, { protocolVersion: 4, clientId: 'dev' });
for (let i = 0; i < 5; i++) { await d.publishAsync('t/a', 'shared' + i, { qos: 1 }); await d.publishAsync('plain/a', 'plain' + i, { qos: 1 }); }
const got = [];
s = connect(url, opts);
s.on('message', (t, p) => got.push(String(p)));
await new Promise((r) => setTimeout(r, 500));
console.log(s.connackPacket?.sessionPresent, got.join(' '));
await s.endAsync(); await d.endAsync();
