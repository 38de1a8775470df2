import type zhCN from './locale.zh-CN';

export default {
  baseStation: {
    title: 'base station',
    name: 'Name',
    type: 'Type',
    address: 'Address',
    stationIp: 'Base station IP',
    adhocIp: 'Edge server ad hoc IP',
    lanIp: 'Edge server LAN IP',
    port: 'Port',
    lonLat: 'Longitude,latitude',
    lonLatHint: 'As longitude,latitude, e.g. 116.397128,39.916527',
  },
} satisfies typeof zhCN;
