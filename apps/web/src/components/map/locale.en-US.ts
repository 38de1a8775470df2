import type zhCN from './locale.zh-CN';

export default {
  map: {
    loading: 'Loading the map…',
    boundariesFailed: 'The offline boundaries could not be loaded; reload to try again',
    boundariesSource: 'Boundaries: Natural Earth',
    tilesFrom: 'Tiles: {{host}}',
    baseLayer: 'Base map',
    layerKind: { street: 'Streets', satellite: 'Satellite', offline: 'Offline boundaries' },
    zones: 'Airspace',
    zonesLegend:
      'Red: no-fly (do not enter); blue dashed: fences and fly zones (do not leave); green: approved airspace',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    pick: 'Pick on the map',
    pickTitle: 'Choose a location',
    pickHint: 'Click the map to place the marker; drag the marker to adjust it',
    longitude: 'Longitude',
    latitude: 'Latitude',
    locate: 'Go to the current value',
  },
  geometryEditor: {
    type: { Point: 'Point', LineString: 'Line', Polygon: 'Polygon', Circle: 'Circle' },
    drawHint: {
      Point: 'Click the map to place the point',
      LineString: 'Click to add nodes, double-click to finish; Esc cancels',
      Polygon: 'Click to add nodes, click the first node or double-click to close; Esc cancels',
      Circle: 'Click the centre, then click again to set the radius; Esc cancels',
    },
    editHint:
      'Drag a node to move it, drag an edge to add one; Alt+click a node, or point at it and press Delete, to remove it; Ctrl+Z undoes',
    deleteNode: 'Delete nodes',
    deleteNodeHint:
      'While on, a click on a node deletes it (a line keeps 2 endpoints, a polygon 3 nodes)',
    undo: 'Undo',
    clear: 'Clear',
    fit: 'Zoom to the shape',
    import: 'Import',
    export: 'Export',
    imported: 'Shape imported',
    importUnreadable: 'The file cannot be read; choose a GeoJSON or KML file',
    importEmpty: 'The file holds no shape',
    importSeveral: 'The file may hold only one shape',
    importType: 'The shape in the file is not one this field takes',
    radius: 'Radius',
    length: 'Length',
    perimeter: 'Perimeter',
    area: 'Area',
  },
} satisfies typeof zhCN;
