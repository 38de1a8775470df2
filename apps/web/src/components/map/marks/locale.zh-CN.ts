/** Strings of the marks layer and its directory tree (any map). */
export default {
  mapMarks: {
    layers: '标注图层',
    show: '在地图上显示',
    hide: '在地图上隐藏',
    shown: '显示中',
    hidden: '已隐藏',
    count: '{{count}} 个标注',
    empty: '暂无标注目录',
    kind: { point: '点', line: '线', polygon: '面' },
    icon: { pin: '定位针', flag: '旗帜', star: '星标', camera: '拍摄点', warning: '警示' },
  },
};
