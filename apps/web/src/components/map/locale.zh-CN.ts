/** Strings of the map building block and the point picker. */
export default {
  map: {
    loading: '地图加载中…',
    boundariesFailed: '离线边界数据加载失败，请刷新重试',
    boundariesSource: '边界：Natural Earth',
    tilesFrom: '底图：{{host}}',
    zoomIn: '放大',
    zoomOut: '缩小',
    pick: '在地图上选点',
    pickTitle: '选择位置',
    pickHint: '点击地图放置标记，拖动标记可微调位置',
    longitude: '经度',
    latitude: '纬度',
    locate: '定位到当前值',
  },
};
