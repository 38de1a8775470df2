import { z } from 'zod';
import { AuditFields, Id, keyFilter, num, optionalText, text } from '../common/schemas.js';
import { FeatureGeometry } from './geometry.js';
import { geometryOf, HexColor, StoredGeometry, Visible } from './map.js';

/**
 * Oil-field layers (spec §3 "Oil-field layers", §7 GIS oilwellpoint … oilgaswellpoint) and inspection objects
 * (§7 inspectionobject). A layer is named by its path (one name per concept): every feature of every layer is
 * one row of one table with that name in its `layer` column.
 */

/** Each layer: its path under /api/aos-gisservice (= its name), names zh/en, geometry type, default colour. */
export const OIL_LAYERS = [
  { layer: 'oilwellpoint', name: '井点', nameEn: 'Well point', geometry: 'Point', color: '#1677FF' },
  { layer: 'oilstoragetank', name: '储油罐', nameEn: 'Storage tank', geometry: 'Point', color: '#FA8C16' },
  {
    layer: 'oilmeasurementstation',
    name: '计量站',
    nameEn: 'Measurement station',
    geometry: 'Point',
    color: '#13C2C2',
  },
  {
    layer: 'oilstationstorage',
    name: '站库',
    nameEn: 'Station storage',
    geometry: 'Point',
    color: '#722ED1',
  },
  {
    layer: 'oilpowerequipment',
    name: '电力设备',
    nameEn: 'Power equipment',
    geometry: 'Point',
    color: '#FADB14',
  },
  { layer: 'oilline', name: '管线', nameEn: 'Pipeline', geometry: 'LineString', color: '#F5222D' },
  { layer: 'oilroad', name: '道路', nameEn: 'Road', geometry: 'LineString', color: '#8C8C8C' },
  { layer: 'oilpowerline', name: '电力线', nameEn: 'Power line', geometry: 'LineString', color: '#EB2F96' },
  { layer: 'oilgaswellpoint', name: '气井点', nameEn: 'Gas well point', geometry: 'Point', color: '#52C41A' },
] as const satisfies ReadonlyArray<{
  layer: string;
  name: string;
  nameEn: string;
  geometry: 'Point' | 'LineString';
  color: string;
}>;
export type OilLayer = (typeof OIL_LAYERS)[number]['layer'];
export const OIL_LAYER_NAMES = OIL_LAYERS.map((entry) => entry.layer) as [OilLayer, ...OilLayer[]];
export const oilLayerInfo = (layer: OilLayer) => OIL_LAYERS.find((entry) => entry.layer === layer)!;

/** At most this many attributes per feature (the imported survey columns). */
export const OIL_ATTRIBUTES_MAX = 50;

/** A feature's attributes: up to 50 keys, each value text (≤ 500) or a finite number. */
export const OilAttributes = z
  .record(
    z.string().trim().min(1, { message: 'gis.attributeKey' }).max(64, { message: 'gis.attributeKey' }),
    z.union([z.string().max(500), z.number().finite()], { message: 'gis.attributeValue' }),
    { message: 'gis.attributes' },
  )
  .refine((record) => Object.keys(record).length <= OIL_ATTRIBUTES_MAX, { message: 'gis.attributesMax' });

export const OilFeatureSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  layer: z.enum(OIL_LAYER_NAMES),
  name: z.string(),
  code: z.string().nullable(),
  geometry: StoredGeometry,
  attributes: z.record(z.string(), z.union([z.string(), z.number()])),
  remark: z.string().nullable(),
});
export type OilFeature = z.infer<typeof OilFeatureSchema>;

const featureFields = {
  id: Id.optional(),
  name: text(100),
  code: optionalText(64),
  attributes: OilAttributes.default({}),
  remark: optionalText(255),
};
const pointFeature = z.object({ ...featureFields, geometry: geometryOf('Point', 'gis.pointRequired') });
const lineFeature = z.object({ ...featureFields, geometry: geometryOf('LineString', 'gis.lineRequired') });

/** POST <layer>/submit: the geometry must be the layer's type. */
export const OilFeatureSubmit = Object.fromEntries(
  OIL_LAYERS.map((entry) => [entry.layer, entry.geometry === 'Point' ? pointFeature : lineFeature]),
) as Record<OilLayer, typeof pointFeature | typeof lineFeature>;
export type OilFeatureSubmit = z.infer<typeof pointFeature> | z.infer<typeof lineFeature>;

/** A layer's display settings per tenant (advancedSet): defaults until a tenant saves its own. */
export const OilLayerSettingsSchema = z.object({
  layer: z.enum(OIL_LAYER_NAMES),
  color: z.string(),
  lineWidth: z.number(),
  icon: z.string().nullable(),
  /** what the map labels a feature with: `name`, `code` or an attribute key */
  labelField: z.string(),
  /** the layer shows from this zoom level on */
  minZoom: z.number().int(),
  visible: z.number().int(),
});
export type OilLayerSettings = z.infer<typeof OilLayerSettingsSchema>;

export const OilLayerSettingsInput = z.object({
  color: HexColor,
  lineWidth: num(
    z.number({ message: 'gis.lineWidth' }).min(0.5, { message: 'gis.lineWidth' }).max(20, {
      message: 'gis.lineWidth',
    }),
  ).default(2),
  icon: optionalText(200),
  labelField: z
    .string()
    .trim()
    .min(1, { message: 'gis.labelField' })
    .max(64, { message: 'gis.labelField' })
    .default('name'),
  minZoom: num(
    z
      .number({ message: 'gis.minZoom' })
      .int({ message: 'gis.minZoom' })
      .min(0, { message: 'gis.minZoom' })
      .max(22, {
        message: 'gis.minZoom',
      }),
  ).default(0),
  visible: Visible.default(1),
});
export type OilLayerSettingsInput = z.infer<typeof OilLayerSettingsInput>;

export const OilFeatureListQuery = z.object({
  name: z.string().trim().max(100).optional(),
  code: z.string().trim().max(64).optional(),
});

// ------------------------------------------------------------------------------------------------ inspection objects

/** An inspection object (tower, pipeline section, well site, substation…): type from `inspection_object_type`. */
export const InspectionObjectSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  type: z.number().int(),
  code: z.string().nullable(),
  geometry: StoredGeometry,
  remark: z.string().nullable(),
});
export type InspectionObject = z.infer<typeof InspectionObjectSchema>;

export const InspectionObjectSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  type: num(z.number({ message: 'fleet.typeUnknown' }).int().min(1).max(999)),
  code: optionalText(64),
  geometry: FeatureGeometry,
  remark: optionalText(255),
});
export type InspectionObjectSubmit = z.infer<typeof InspectionObjectSubmit>;

export const InspectionObjectQuery = z.object({
  name: z.string().trim().max(100).optional(),
  type: keyFilter(),
});
export type InspectionObjectQuery = z.infer<typeof InspectionObjectQuery>;
