import type { AreaGeometry, Geometry, LonLatPosition } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCtx } from '../../src/lib/context.js';
import { relate } from '../../src/modules/gis/spatial/predicates.js';
import { createTestApp } from '../helper.js';

/**
 * The spatial checks against an answer no one here wrote: PostGIS (Debian's postgresql-15-postgis-3, which
 * `.ci/run` installs) decides the same questions for a few thousand random pairs of geometries, and our
 * predicates (turf) and the spatial index (box prefilter + predicates) must agree with it. Polygons are
 * compared as PostGIS `geometry` (planar in degrees, as turf tests them); circles by distances on the sphere
 * (`geography`, use_spheroid false, as turf measures). Pairs closer than a metre to deciding the other way
 * are left out: there the two libraries' arithmetic, not the rule, decides.
 *
 * Only meaningful with a real PostgreSQL that has PostGIS: runs in CI's PostgreSQL pass.
 */
const ORACLE_DATABASE = 'aos_postgis_oracle';
const CENTRE: LonLatPosition = [116.4, 39.9];
const SPREAD_DEGREES = 0.15;
const METRES_PER_DEGREE = 111_195.08;

/** mulberry32: the same random geometries on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const next = random(15);
const between = (low: number, high: number) => low + next() * (high - low);
const round = (value: number) => Number(value.toFixed(7));

function somewhere(): LonLatPosition {
  return [
    round(CENTRE[0] + between(-SPREAD_DEGREES, SPREAD_DEGREES)),
    round(CENTRE[1] + between(-SPREAD_DEGREES, SPREAD_DEGREES)),
  ];
}
function offset([longitude, latitude]: LonLatPosition, metres: number, bearing: number): LonLatPosition {
  const dLat = (metres * Math.cos(bearing)) / METRES_PER_DEGREE;
  const dLon = (metres * Math.sin(bearing)) / (METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
  return [round(longitude + dLon), round(latitude + dLat)];
}
/** A star-shaped ring (nodes at rising bearings round a centre): never crosses itself. */
function starPolygon(): Geometry & { type: 'Polygon' } {
  const centre = somewhere();
  const nodes = 4 + Math.floor(next() * 9);
  const ring: LonLatPosition[] = [];
  for (let index = 0; index < nodes; index++) {
    ring.push(offset(centre, between(300, 4000), ((index + between(0.1, 0.9)) / nodes) * 2 * Math.PI));
  }
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}
const circle = (): Geometry & { type: 'Circle' } => ({
  type: 'Circle',
  center: somewhere(),
  radius: Math.round(between(50, 4000)),
});
function line(): Geometry {
  const coordinates = [somewhere()];
  const nodes = 2 + Math.floor(next() * 5);
  while (coordinates.length < nodes)
    coordinates.push(offset(coordinates.at(-1)!, between(200, 3000), between(0, 2 * Math.PI)));
  return { type: 'LineString', coordinates };
}

const areas: AreaGeometry[] = [
  ...Array.from({ length: 60 }, starPolygon),
  ...Array.from({ length: 40 }, circle),
];
const targets: Geometry[] = [
  ...Array.from({ length: 60 }, (): Geometry => ({ type: 'Point', coordinates: somewhere() })),
  ...Array.from({ length: 40 }, line),
  ...Array.from({ length: 30 }, starPolygon),
  ...Array.from({ length: 20 }, circle),
];

/** As PostGIS reads it: a circle by its centre (the radius travels apart). */
const geoJson = (geometry: Geometry) =>
  JSON.stringify(geometry.type === 'Circle' ? { type: 'Point', coordinates: geometry.center } : geometry);
const radiusOf = (geometry: Geometry) => (geometry.type === 'Circle' ? geometry.radius : null);

interface Verdict {
  target: number;
  area: number;
  touches: boolean;
  within: boolean;
  /** within a metre of the other answer: left out */
  close: boolean;
}

// One query decides every pair. g = the geometry (a circle's centre), r = a circle's radius.
const ORACLE_SQL = `
with pairs as (
  select t.id as target, a.id as area, t.g as tg, t.r as tr, a.g as ag, a.r as ar,
    st_distance(t.g::geography, a.g::geography, false) as centre_gap,
    case when a.r is null then st_distance(t.g::geography, st_boundary(a.g)::geography, false) end as to_area_edge,
    case when t.r is null and t.g is not null and st_dimension(t.g) = 2
      then st_distance(a.g::geography, st_boundary(t.g)::geography, false) end as to_target_edge
  from oracle_target t cross join oracle_area a
)
select target, area,
  case
    when ar is null and tr is null then st_intersects(tg, ag)
    when ar is null then st_intersects(tg, ag) or to_area_edge <= tr
    when tr is null then centre_gap <= ar
    else centre_gap <= ar + tr
  end as touches,
  case
    when ar is null and tr is null then st_within(tg, ag)
    when ar is null then st_within(tg, ag) and to_area_edge >= tr
    when tr is null then (select bool_and(st_distance((d).geom::geography, ag::geography, false) <= ar) from st_dumppoints(tg) d)
    else centre_gap + tr <= ar
  end as within,
  case
    when ar is null and tr is null then abs(st_distance(tg::geography, st_boundary(ag)::geography, false)) < 1
    when ar is null then abs(to_area_edge - tr) < 1 or abs(st_distance(tg::geography, st_boundary(ag)::geography, false)) < 1
    when tr is null then abs(centre_gap - ar) < 1
      or abs((select max(st_distance((d).geom::geography, ag::geography, false)) from st_dumppoints(tg) d) - ar) < 1
      or coalesce(abs(to_target_edge - ar), 2) < 1
    else abs(centre_gap - ar - tr) < 1 or abs(centre_gap + tr - ar) < 1
  end as close
from pairs
order by target, area`;

describe.runIf(process.env.DATABASE_URL)('spatial checks agree with PostGIS', () => {
  let oracle: pg.Client;
  let app: FastifyInstance;
  let verdicts: Verdict[];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${ORACLE_DATABASE}`);
    await admin.query(`create database ${ORACLE_DATABASE}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${ORACLE_DATABASE}`;
    oracle = new pg.Client({ connectionString: url.toString() });
    await oracle.connect();
    await oracle.query('create extension postgis');
    for (const [table, rows] of [
      ['oracle_area', areas],
      ['oracle_target', targets],
    ] as const) {
      await oracle.query(`create table ${table} (id int primary key, g geometry(geometry, 4326), r float8)`);
      await oracle.query(
        `insert into ${table} select i - 1, st_setsrid(st_geomfromgeojson(g), 4326), r
           from unnest($1::text[], $2::float8[]) with ordinality as u(g, r, i)`,
        [rows.map(geoJson), rows.map(radiusOf)],
      );
    }
    verdicts = (await oracle.query<Verdict>(ORACLE_SQL)).rows;
    app = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await oracle?.end();
    await app?.close();
  });

  it('decides touch and within as PostGIS does for every pair not within a metre of the edge', () => {
    const decided = verdicts.filter((verdict) => !verdict.close);
    // the random pairs must exercise both answers, or the comparison says little
    expect(decided.length).toBeGreaterThan(14_000);
    expect(decided.filter((verdict) => verdict.touches).length).toBeGreaterThan(300);
    expect(decided.filter((verdict) => verdict.within).length).toBeGreaterThan(30);
    const disagreements = decided
      .map((verdict) => ({ ...verdict, ours: relate(targets[verdict.target]!, areas[verdict.area]!) }))
      .filter(({ touches, within, ours }) => ours.touches !== touches || ours.within !== within)
      .map(({ target, area, touches, within, ours }) => ({
        target: targets[target],
        area: areas[area],
        postgis: { touches, within },
        ours,
      }));
    expect(disagreements).toEqual([]);
  });

  it('finds through its index exactly the areas PostGIS says each geometry touches', async () => {
    const ctx = platformCtx(app.database.db, '000000');
    await app.services.spatial.put(
      ctx,
      areas.map((geometry, index) => ({
        kind: 'nofly' as const,
        refId: String(900_000 + index),
        name: `oracle ${index}`,
        geometry,
      })),
    );
    try {
      for (const [index, geometry] of targets.entries()) {
        const expected = verdicts
          .filter((verdict) => verdict.target === index && verdict.touches && !verdict.close)
          .map((verdict) => String(900_000 + verdict.area));
        const unsure = new Set(
          verdicts
            .filter((verdict) => verdict.target === index && verdict.close)
            .map((verdict) => String(900_000 + verdict.area)),
        );
        const found = (await app.services.spatial.query(ctx, { geometry, time: null }))
          .map((hit) => hit.refId)
          .filter((refId) => !unsure.has(refId));
        expect({ index, found: found.sort() }).toEqual({ index, found: expected.sort() });
      }
    } finally {
      await app.services.spatial.remove(
        ctx,
        areas.map((_, index) => String(900_000 + index)),
      );
    }
  });
});
