import {
  EQUIPMENT_MODELS,
  type EquipmentModel,
  type EquipmentModelQuery,
  type EquipmentModelSeed,
  equipmentModel,
  type Language,
  modelKey,
} from '@aos/contract';

/** A catalogue model as the API answers it, named in `language`. */
export function shownModel(entry: EquipmentModelSeed, language: Language): EquipmentModel {
  return {
    id: entry.id,
    name: language === 'en-US' ? entry.nameEn : entry.name,
    manufacturerName: entry.manufacturerName,
    kind: entry.kind,
    deviceType: entry.deviceType,
    hangarType: entry.hangarType,
    domain: entry.domain,
    type: entry.type,
    subType: entry.subType,
    key: modelKey(entry),
    maxTakeoffWeight: entry.maxTakeoffWeight,
    maxSpeed: entry.maxSpeed,
    maxPayload: entry.maxPayload,
  };
}

/** The name of a catalogue model in `language`, or null (no model, or an id the catalogue has dropped). */
export function modelName(id: string | null | undefined, language: Language): string | null {
  const entry = equipmentModel(id);
  return entry ? shownModel(entry, language).name : null;
}

/**
 * `findEquipmentModel`: the catalogue (contract EQUIPMENT_MODELS), filtered by device type, kind and a
 * keyword matched against both names and the DJI `domain-type-subType` key.
 */
export function findEquipmentModels(language: Language, query: EquipmentModelQuery): EquipmentModel[] {
  const keyword = query.keyword?.toLowerCase();
  return EQUIPMENT_MODELS.filter(
    (entry) =>
      (query.deviceType === undefined || entry.deviceType === query.deviceType) &&
      (query.kind === undefined || entry.kind === query.kind) &&
      (!keyword ||
        [entry.name, entry.nameEn, entry.manufacturerName, modelKey(entry)].some((text) =>
          text.toLowerCase().includes(keyword),
        )),
  ).map((entry) => shownModel(entry, language));
}
