import type zhCN from './locale.zh-CN';

export default {
  mapMarks: {
    layers: 'Mark layers',
    show: 'Show on the map',
    hide: 'Hide from the map',
    shown: 'Shown',
    hidden: 'Hidden',
    count: '{{count}} marks',
    empty: 'No mark folders yet',
    kind: { point: 'Point', line: 'Line', polygon: 'Polygon' },
    icon: { pin: 'Pin', flag: 'Flag', star: 'Star', camera: 'Camera', warning: 'Warning' },
  },
} satisfies typeof zhCN;
