import { z } from 'zod';
import { AuditFields, Id, num, optionalText, text } from '../common/schemas.js';
import { ParentRef, TREE_ROOT_ID } from '../common/tree-ids.js';
import {
  type Bbox,
  FeatureGeometry,
  type GeometryType,
  LineGeometry,
  PointGeometry,
  PolygonGeometry,
} from './geometry.js';

/**
 * Map directories and marks (spec §3 "Mark", §7 GIS mapdir, mapmark, mapmarkpoint/line/polygon) and the same
 * data seen through DJI Cloud API's map-element shapes (§7 Labels: /api/group_element, /api/element): a group
 * is a directory, an element is a mark. One store (docs/glossary.md: directory, mark).
 */

// ------------------------------------------------------------------------------------------------ shared

/** `#RRGGBB` or `#RRGGBBAA`, as the map's style pickers give it. */
export const HexColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { message: 'gis.color' });

/** 0 hidden, 1 shown (directories, oil layers). */
export const Visible = num(z.union([z.literal(0), z.literal(1)], { message: 'gis.visible' }), {
  ownMessage: true,
});

/** `[west, south, east, north]` in degrees, west ≤ east and south ≤ north. */
export const BboxInput = z
  .tuple(
    [
      z.number().min(-180).max(180),
      z.number().min(-90).max(90),
      z.number().min(-180).max(180),
      z.number().min(-90).max(90),
    ],
    { message: 'gis.bbox' },
  )
  .refine(([west, south, east, north]) => west <= east && south <= north, { message: 'gis.bbox' })
  .transform((box) => box as Bbox);

/** Geometry of one type: another type is refused with `message` (e.g. "a point mark takes a point"). */
export function geometryOf<T extends GeometryType & ('Point' | 'LineString' | 'Polygon')>(
  type: T,
  message: 'gis.pointRequired' | 'gis.lineRequired' | 'gis.polygonRequired',
) {
  const schema = { Point: PointGeometry, LineString: LineGeometry, Polygon: PolygonGeometry }[type];
  return z
    .custom<unknown>(
      (value) => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === type,
      {
        message,
      },
    )
    .pipe(schema as unknown as z.ZodType<Extract<FeatureGeometry, { type: T }>>);
}

/** A point, line or polygon as answers carry it (checked when it was stored): the plain GeoJSON shape. */
export const StoredGeometry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Point'), coordinates: z.array(z.number()) }),
  z.object({ type: z.literal('LineString'), coordinates: z.array(z.array(z.number())) }),
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) }),
]);
export type StoredGeometry = z.infer<typeof StoredGeometry>;

// ------------------------------------------------------------------------------------------------ directories

export const MapDirSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  /** '0': a top-level directory */
  parentId: z.string(),
  name: z.string(),
  sort: z.number().int(),
  /** 0 hidden on the map, 1 shown */
  visible: z.number().int(),
  remark: z.string().nullable(),
});
export type MapDir = z.infer<typeof MapDirSchema>;

export const MapDirSubmit = z.object({
  id: Id.optional(),
  parentId: ParentRef.default(TREE_ROOT_ID),
  name: text(100),
  sort: num(z.number().int().min(0).max(99_999).default(1)),
  /** on add only (default 1); a directory is shown or hidden by updateDirVisibility, its own button */
  visible: Visible.optional(),
  remark: optionalText(255),
});
export type MapDirSubmit = z.infer<typeof MapDirSubmit>;

export const MapDirVisibilityInput = z.object({ id: Id, visible: Visible });
export type MapDirVisibilityInput = z.infer<typeof MapDirVisibilityInput>;

// ------------------------------------------------------------------------------------------------ marks

export const MARK_KINDS = ['point', 'line', 'polygon'] as const;
export type MarkKind = (typeof MARK_KINDS)[number];

/** Each kind of mark: its path under /api/aos-gisservice, its geometry type and the message refusing another. */
export const MARK_KIND_INFO = {
  point: { path: 'mapmarkpoint', geometry: 'Point', message: 'gis.pointRequired', djiType: 0 },
  line: { path: 'mapmarkline', geometry: 'LineString', message: 'gis.lineRequired', djiType: 1 },
  polygon: { path: 'mapmarkpolygon', geometry: 'Polygon', message: 'gis.polygonRequired', djiType: 2 },
} as const satisfies Record<
  MarkKind,
  {
    path: string;
    geometry: 'Point' | 'LineString' | 'Polygon';
    message: 'gis.pointRequired' | 'gis.lineRequired' | 'gis.polygonRequired';
    djiType: number;
  }
>;

export const MapMarkSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  dirId: Id,
  kind: z.enum(MARK_KINDS),
  name: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  clampToGround: z.boolean(),
  remark: z.string().nullable(),
  geometry: StoredGeometry,
  /** creator's and editor's names (spec §3 Mark: creator, editor) */
  createUserName: z.string().nullable(),
  updateUserName: z.string().nullable(),
});
export type MapMark = z.infer<typeof MapMarkSchema>;

const markFields = {
  id: Id.optional(),
  dirId: Id,
  name: text(100),
  icon: optionalText(200),
  color: HexColor.optional().nullable(),
  clampToGround: z.boolean().optional(),
  remark: optionalText(255),
};

/** POST mapmarkpoint/submit (and line, polygon): the geometry must be of the kind's type. */
export const MapMarkSubmit = {
  point: z.object({ ...markFields, geometry: geometryOf('Point', 'gis.pointRequired') }),
  line: z.object({ ...markFields, geometry: geometryOf('LineString', 'gis.lineRequired') }),
  polygon: z.object({ ...markFields, geometry: geometryOf('Polygon', 'gis.polygonRequired') }),
};
export type MapMarkSubmit = z.infer<(typeof MapMarkSubmit)[MarkKind]>;

export const MapMarkListQuery = z.object({
  dirId: Id.optional(),
  name: z.string().trim().max(100).optional(),
  kind: z.enum(MARK_KINDS, { message: 'gis.markKind' }).optional(),
});
export type MapMarkListQuery = z.infer<typeof MapMarkListQuery>;

/** POST mapmark/listForTenant: every mark of the tenant for the map, optionally in a box, of shown directories. */
export const MapMarkTenantQuery = z.object({
  bbox: BboxInput.optional(),
  visibleOnly: z.boolean({ message: 'gis.visibleOnly' }).optional(),
});
export type MapMarkTenantQuery = z.infer<typeof MapMarkTenantQuery>;

/** A directory of mapdir/list with its marks and sub-directories. */
export interface MapDirNode extends z.infer<typeof MapDirSchema> {
  marks: MapMark[];
  children: MapDirNode[];
}
export const MapDirNodeSchema: z.ZodType<MapDirNode> = z.lazy(() =>
  MapDirSchema.extend({ marks: z.array(MapMarkSchema), children: z.array(MapDirNodeSchema) }),
) as unknown as z.ZodType<MapDirNode>;

// ------------------------------------------------------------------------------------------------ DJI shapes

/** DJI Cloud API map element resource type: 0 pin (point), 1 line, 2 polygon. */
export const DJI_ELEMENT_TYPES = { 0: 'point', 1: 'line', 2: 'polygon' } as const satisfies Record<
  number,
  MarkKind
>;

/** An element's resource as DJI Cloud API's map-element sample has it (a GeoJSON Feature). */
export const ElementResource = z.object({
  type: z.number().int(),
  user_name: z.string().nullable().optional(),
  content: z.object({
    type: z.literal('Feature'),
    properties: z.object({ color: z.string().nullable(), clampToGround: z.boolean() }),
    geometry: StoredGeometry,
  }),
});

/** A mark as a DJI map element: times in milliseconds as DJI sends them. */
export const MapElementSchema = z.object({
  id: Id,
  name: z.string(),
  create_time: z.number(),
  update_time: z.number(),
  resource: ElementResource,
});
export type MapElement = z.infer<typeof MapElementSchema>;

/** A directory as a DJI element group (type 0 custom; never locked, never distributed here). */
export interface ElementGroup {
  id: string;
  parent_id: string;
  name: string;
  type: number;
  is_lock: boolean;
  is_distributed: boolean;
  visible: number;
  elements: MapElement[];
  children: ElementGroup[];
}
export const ElementGroupSchema: z.ZodType<ElementGroup> = z.lazy(() =>
  z.object({
    id: Id,
    parent_id: z.string(),
    name: z.string(),
    type: z.number().int(),
    is_lock: z.boolean(),
    is_distributed: z.boolean(),
    visible: z.number().int(),
    elements: z.array(MapElementSchema),
    children: z.array(ElementGroupSchema),
  }),
) as unknown as z.ZodType<ElementGroup>;

/** POST /api/group_element/add: a directory by its DJI name. */
export const ElementGroupAdd = z.object({
  parent_id: ParentRef.default(TREE_ROOT_ID),
  name: text(100),
});
export type ElementGroupAdd = z.infer<typeof ElementGroupAdd>;

/** POST /api/element/add: a mark as DJI sends one; with `id` it replaces that element's name and resource. */
export const ElementAdd = z
  .object({
    id: Id.optional(),
    group_id: Id,
    name: text(100),
    resource: z.object({
      type: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: 'gis.elementType' }),
      content: z.object({
        type: z.literal('Feature', { message: 'gis.feature' }),
        properties: z
          .object({ color: HexColor.optional().nullable(), clampToGround: z.boolean().optional() })
          .default({}),
        geometry: FeatureGeometry,
      }),
    }),
  })
  .superRefine((input, context) => {
    const kind = DJI_ELEMENT_TYPES[input.resource.type];
    const info = MARK_KIND_INFO[kind];
    if (input.resource.content.geometry.type !== info.geometry) {
      context.addIssue({ code: 'custom', path: ['resource', 'content', 'geometry'], message: info.message });
    }
  });
export type ElementAdd = z.infer<typeof ElementAdd>;

/** The DJI element of a mark. */
export function markAsElement(mark: {
  id: string;
  name: string;
  kind: MarkKind;
  color: string | null;
  clampToGround: boolean;
  geometry: FeatureGeometry;
  createTime: Date;
  updateTime: Date;
  createUserName: string | null;
}): MapElement {
  return {
    id: mark.id,
    name: mark.name,
    create_time: mark.createTime.getTime(),
    update_time: mark.updateTime.getTime(),
    resource: {
      type: MARK_KIND_INFO[mark.kind].djiType,
      user_name: mark.createUserName,
      content: {
        type: 'Feature',
        properties: { color: mark.color, clampToGround: mark.clampToGround },
        geometry: mark.geometry,
      },
    },
  };
}
