import { describe, expect, it } from 'vitest';
import { OFFLINE_LAYER, baseLayers, initialLayer } from './layers';

const street = 'https://{a-c}.tiles.example.com/{z}/{x}/{y}.png';
const satellite = 'https://sat.example.cn/{z}/{x}/{-y}.jpg';

describe('the base layers of /config.js (MAP_LAYERS, MAP_TILE_URL)', () => {
  it('lists the named layers in order, each with its coordinate system, then the offline boundaries', () => {
    const layers = baseLayers({
      tileUrl: null,
      layers: [
        { name: 'Streets', url: street, crs: 'WGS84', kind: 'street', attribution: null },
        { name: '卫星', url: satellite, crs: 'GCJ02', kind: 'satellite', attribution: 'Example Maps' },
      ],
    });
    expect(layers).toEqual([
      {
        id: 'tiles-0',
        name: 'Streets',
        kind: 'street',
        url: street,
        crs: 'WGS84',
        host: 'tiles.example.com',
        attribution: undefined,
      },
      {
        id: 'tiles-1',
        name: '卫星',
        kind: 'satellite',
        url: satellite,
        crs: 'GCJ02',
        host: 'sat.example.cn',
        attribution: 'Example Maps',
      },
      OFFLINE_LAYER,
    ]);
  });

  it('keeps an older script working: MAP_TILE_URL alone is one WGS-84 street layer', () => {
    const layers = baseLayers({ tileUrl: street });
    expect(layers.map(({ id, kind, crs, url, name }) => ({ id, kind, crs, url, name }))).toEqual([
      { id: 'tiles-0', kind: 'street', crs: 'WGS84', url: street, name: '' },
      { id: 'offline', kind: 'offline', crs: 'WGS84', url: undefined, name: '' },
    ]);
  });

  it('has the offline boundaries alone without any layer', () => {
    expect(baseLayers({ tileUrl: null, layers: [] })).toEqual([OFFLINE_LAYER]);
    expect(baseLayers(undefined)).toEqual([OFFLINE_LAYER]);
    expect(baseLayers({})).toEqual([OFFLINE_LAYER]);
  });

  it('drops what a hand-edited script could get wrong, and defaults crs and kind', () => {
    const layers = baseLayers({
      layers: [
        { name: 'no template', url: 'https://tiles.example.com/tile.png' },
        { name: 'script', url: 'javascript:alert(1)//{z}/{x}/{y}' },
        { name: 'Baidu', url: street, crs: 'BD09' as never },
        { name: 'terrain', url: street, kind: 'terrain' as never },
        null as never,
        { name: ' Plain ', url: satellite },
      ],
    });
    expect(layers.map(({ id, name, crs, kind }) => ({ id, name, crs, kind }))).toEqual([
      { id: 'tiles-0', name: 'Plain', crs: 'WGS84', kind: 'street' },
      { id: 'offline', name: '', crs: 'WGS84', kind: 'offline' },
    ]);
  });

  it('opens on the remembered layer, else the first street layer, else the first', () => {
    const layers = baseLayers({
      layers: [
        { name: 'Sat', url: satellite, kind: 'satellite' },
        { name: 'Street', url: street, kind: 'street' },
      ],
    });
    expect(initialLayer(layers, null).name).toBe('Street');
    expect(initialLayer(layers, 'tiles-0').name).toBe('Sat');
    expect(initialLayer(layers, 'offline')).toBe(OFFLINE_LAYER);
    expect(initialLayer(layers, 'tiles-9').name).toBe('Street');
    const satelliteOnly = baseLayers({ layers: [{ name: 'Sat', url: satellite, kind: 'satellite' }] });
    expect(initialLayer(satelliteOnly, undefined).name).toBe('Sat');
    expect(initialLayer([OFFLINE_LAYER], undefined)).toBe(OFFLINE_LAYER);
  });
});
