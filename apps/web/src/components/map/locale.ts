/** Strings of the map building block and the point picker. */
export default {
  'zh-CN': {
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
  },
  'en-US': {
    map: {
      loading: 'Loading the map…',
      boundariesFailed: 'The offline boundaries could not be loaded; reload to try again',
      boundariesSource: 'Boundaries: Natural Earth',
      tilesFrom: 'Tiles: {{host}}',
      zoomIn: 'Zoom in',
      zoomOut: 'Zoom out',
      pick: 'Pick on the map',
      pickTitle: 'Choose a location',
      pickHint: 'Click the map to place the marker; drag the marker to adjust it',
      longitude: 'Longitude',
      latitude: 'Latitude',
      locate: 'Go to the current value',
    },
  },
};
