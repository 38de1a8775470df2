export default {
  baseStation: {
    title: '基站',
    name: '基站名称',
    type: '基站类型',
    address: '地址',
    stationIp: '基站 IP',
    adhocIp: '边缘服务器自组网 IP',
    lanIp: '边缘服务器局域网 IP',
    port: '通讯端口',
    lonLat: '经纬度',
    lonLatHint: '格式：经度,纬度，例如 116.397128,39.916527',
  },
};
