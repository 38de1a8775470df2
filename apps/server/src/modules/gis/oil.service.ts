import {
  DICT,
  type FeatureGeometry,
  geometryBbox,
  type InspectionObjectQuery,
  type InspectionObjectSubmit,
  type OilFeatureSubmit,
  type OilLayer,
  oilLayerInfo,
  type OilLayerSettings,
  type OilLayerSettingsInput,
  type PageQuery,
} from '@aos/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { dictBiz, inspectionObject, oilFeature, oilLayerSetting } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { scope, updateAudit } from '../../lib/tenant-scope.js';
import { assertValidGeometry } from './spatial/validity.js';

const features = crud({ table: oilFeature, filters: { name: 'like', code: 'like' } });
const settings = crud({ table: oilLayerSetting });
const objects = crud({ table: inspectionObject, filters: { name: 'like', type: 'eq' } });

type FeatureRow = typeof oilFeature.$inferSelect;

const boxOf = (geometry: FeatureGeometry) => {
  const [west, south, east, north] = geometryBbox(geometry);
  return { west, south, east, north };
};

/**
 * Oil-field layers (spec §7 oilwellpoint … oilgaswellpoint): features of one table by layer, reached only
 * through their layer's paths; the geometry is the layer's type (the contract's schema per layer); the layer's
 * display settings per tenant (advancedSet), the layer's defaults until saved.
 */
export class OilLayerService {
  list(ctx: Ctx, layer: OilLayer, query: Record<string, unknown>): Promise<FeatureRow[]> {
    return features.list(ctx, query, eq(oilFeature.layer, layer));
  }

  async detail(ctx: Ctx, layer: OilLayer, id: string): Promise<FeatureRow> {
    const row = await features.find(ctx, and(eq(oilFeature.id, id), eq(oilFeature.layer, layer))!);
    if (!row) throw notFound();
    return row;
  }

  async submit(ctx: Ctx, layer: OilLayer, input: OilFeatureSubmit): Promise<FeatureRow> {
    assertValidGeometry(input.geometry, 'geometry');
    const values: Partial<FeatureRow> = {
      layer,
      name: input.name,
      code: input.code || null,
      geometry: input.geometry,
      attributes: input.attributes,
      remark: input.remark || null,
      ...boxOf(input.geometry),
    };
    if (!input.id) return features.insert(ctx, values);
    const id = input.id;
    return inTransaction(ctx, async (tx) => {
      await this.detail(tx, layer, id);
      return features.update(tx, id, values);
    });
  }

  async remove(ctx: Ctx, layer: OilLayer, ids: string[]): Promise<number> {
    const removed = await ctx.db
      .update(oilFeature)
      .set({ isDeleted: 1, ...updateAudit(ctx) })
      .where(scope(ctx, oilFeature, inArray(oilFeature.id, ids), eq(oilFeature.layer, layer)))
      .returning({ id: oilFeature.id });
    if (removed.length === 0) throw notFound();
    return removed.length;
  }

  /** The layer's display settings: the tenant's, else the layer's defaults. */
  async settings(ctx: Ctx, layer: OilLayer): Promise<OilLayerSettings> {
    const row = await settings.find(ctx, eq(oilLayerSetting.layer, layer));
    if (row) {
      const { color, lineWidth, icon, labelField, minZoom, visible } = row;
      return { layer, color, lineWidth, icon, labelField, minZoom, visible };
    }
    const info = oilLayerInfo(layer);
    return { layer, color: info.color, lineWidth: 2, icon: null, labelField: 'name', minZoom: 0, visible: 1 };
  }

  /** advancedSet: the tenant's settings of the layer, replaced. */
  async setSettings(ctx: Ctx, layer: OilLayer, input: OilLayerSettingsInput): Promise<OilLayerSettings> {
    const values = {
      layer,
      color: input.color,
      lineWidth: input.lineWidth,
      icon: input.icon || null,
      labelField: input.labelField,
      minZoom: input.minZoom,
      visible: input.visible,
    };
    await inTransaction(ctx, async (tx) => {
      const row = await settings.find(tx, eq(oilLayerSetting.layer, layer));
      if (row) await settings.update(tx, row.id, values);
      else await settings.insert(tx, values);
    });
    return this.settings(ctx, layer);
  }
}

/**
 * Inspection objects (spec §7 inspectionobject): the type is a key of the tenant's `inspection_object_type`
 * dictionary (dict-biz); polygons valid by JTS.
 */
export class InspectionObjectService {
  page(ctx: Ctx, query: PageQuery & InspectionObjectQuery) {
    return objects.page(ctx, query);
  }

  listForTenant(ctx: Ctx, query: InspectionObjectQuery) {
    return objects.list(ctx, query);
  }

  detail(ctx: Ctx, id: string) {
    return objects.detail(ctx, id);
  }

  async submit(ctx: Ctx, input: InspectionObjectSubmit) {
    assertValidGeometry(input.geometry, 'geometry');
    const [type] = await ctx.db
      .select({ id: dictBiz.id })
      .from(dictBiz)
      .where(
        scope(
          ctx,
          dictBiz,
          eq(dictBiz.code, DICT.inspection_object_type),
          ne(dictBiz.parentId, '0'),
          eq(dictBiz.dictKey, String(input.type)),
        ),
      )
      .limit(1);
    if (!type) throw fieldError('type', 'fleet.typeUnknown');
    const values = {
      name: input.name,
      type: input.type,
      code: input.code || null,
      geometry: input.geometry,
      remark: input.remark || null,
    };
    return input.id ? objects.update(ctx, input.id, values) : objects.insert(ctx, values);
  }

  remove(ctx: Ctx, ids: string[]) {
    return objects.remove(ctx, ids);
  }
}
