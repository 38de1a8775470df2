import type zhCN from './locale.zh-CN';

export default {
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
} satisfies typeof zhCN;
