import TopoJSON from 'ol/format/TopoJSON';
import type { MultiPolygon, Point, Polygon } from 'ol/geom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBoundaries, zoomOfResolution } from './boundaries';
import { CHINA_EXTENT } from './coordinates';
import raw from './data/boundaries.topo.json?raw';

const shapes = new TopoJSON({ layerName: 'layer' }).readFeatures(JSON.parse(raw));
const provinces = shapes.filter((shape) => shape.get('layer') === 'provinces');
const countries = shapes.filter((shape) => shape.get('layer') === 'countries');
const provinceAt = (longitude: number, latitude: number) =>
  provinces.find((province) =>
    (province.getGeometry() as Polygon | MultiPolygon).intersectsCoordinate([longitude, latitude]),
  );

describe('the offline boundaries shipped with the console (data/PROVENANCE.md)', () => {
  it('stay small: under 400 kB before compression', () => {
    expect(raw.length).toBeLessThan(400 * 1024);
  });

  it("hold China's 34 province-level divisions, each named in both languages", () => {
    const codes = provinces.map((province) => province.get('code') as string);
    expect(codes).toHaveLength(34);
    expect(new Set(codes).size).toBe(34);
    for (const province of provinces) {
      expect(province.get('zh'), province.get('code')).toMatch(/^\p{Script=Han}{2,3}$/u);
      expect(province.get('en'), province.get('code')).toMatch(/^[A-Z][A-Za-z ]+$/);
    }
    expect(provinces.find((province) => province.get('code') === 'CN-NM')?.get('en')).toBe('Inner Mongolia');
  });

  it('write each province name inside the province, and inside China', () => {
    const [west, south, east, north] = CHINA_EXTENT;
    for (const province of provinces) {
      const [longitude, latitude] = province.get('label') as [number, number];
      expect(longitude > west && longitude < east && latitude > south && latitude < north).toBe(true);
      expect(provinceAt(longitude, latitude)?.get('code'), province.get('code')).toBe(province.get('code'));
    }
  });

  it('place cities in the right province', () => {
    expect(provinceAt(116.4, 39.9)?.get('code')).toBe('CN-BJ');
    expect(provinceAt(121.47, 31.23)?.get('code')).toBe('CN-SH');
    expect(provinceAt(87.62, 43.83)?.get('code')).toBe('CN-XJ');
    expect(provinceAt(91.11, 29.65)?.get('code')).toBe('CN-XZ');
    expect(provinceAt(121.56, 25.04)?.get('code')).toBe('CN-TW');
    expect(provinceAt(113.26, 23.13)?.get('code')).toBe('CN-GD');
    expect(provinceAt(79.5, 35.3)?.get('code')).toBe('CN-XJ'); // Aksai Chin
    expect(provinceAt(93.62, 27.08)?.get('code')).toBe('CN-XZ'); // Zangnan, in China's point of view
    expect(provinceAt(139.69, 35.69)).toBeUndefined(); // Tokyo
  });

  it('outline the countries of the world, with Taiwan, Hong Kong and Macao inside China', () => {
    const ids = countries.map((country) => country.get('id') as string);
    expect(ids.length).toBeGreaterThan(150);
    for (const id of ['CHN', 'MNG', 'RUS', 'IND', 'JPN', 'USA', 'BRA', 'AUS']) expect(ids).toContain(id);
    for (const id of ['TWN', 'HKG', 'MAC']) expect(ids).not.toContain(id);
  });
});

describe('loading the boundaries', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the file once and makes a name point per province', async () => {
    const fetched = vi.fn(async () => new Response(raw));
    vi.stubGlobal('fetch', fetched);
    const first = await loadBoundaries();
    const second = await loadBoundaries();
    expect(second).toBe(first);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(first.shapes).toHaveLength(shapes.length);
    expect(first.labels).toHaveLength(34);
    // read for the map's Web Mercator view: Beijing's name at about (12.96e6, 4.89e6) metres
    const beijing = first.labels.find((label) => label.get('code') === 'CN-BJ');
    const [x, y] = (beijing?.getGeometry() as Point).getCoordinates() as [number, number];
    expect(x).toBeCloseTo(12_957_000, -4);
    expect(y).toBeCloseTo(4_893_000, -4);
  });

  it('gives up on a failed answer and tries again on the next map', async () => {
    vi.resetModules();
    const { loadBoundaries: fresh } = await import('./boundaries');
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    await expect(fresh()).rejects.toThrow('HTTP 404');
    vi.stubGlobal('fetch', async () => new Response(raw));
    await expect(fresh()).resolves.toHaveProperty('labels');
  });
});

describe('zoom of a resolution', () => {
  it('is the Web Mercator zoom level', () => {
    expect(zoomOfResolution(156_543.033_928_041)).toBeCloseTo(0, 9);
    expect(zoomOfResolution(156_543.033_928_041 / 2 ** 5)).toBeCloseTo(5, 9);
  });
});
