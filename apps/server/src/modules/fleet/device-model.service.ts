import {
  DEVICE_MODELS,
  type DeviceModel,
  type DeviceModelQuery,
  type DeviceModelSeed,
  deviceModel,
  type Language,
  modelKey,
} from '@aos/contract';

/** A catalogue model as the API answers it, named in `language`. */
export function shownModel(entry: DeviceModelSeed, language: Language): DeviceModel {
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
  const entry = deviceModel(id);
  return entry ? shownModel(entry, language).name : null;
}

/**
 * `findEquipmentModel`: the catalogue (contract DEVICE_MODELS), filtered by device type, kind and a
 * keyword matched against both names and the DJI `domain-type-subType` key.
 */
export function findDeviceModels(language: Language, query: DeviceModelQuery): DeviceModel[] {
  const keyword = query.keyword?.toLowerCase();
  return DEVICE_MODELS.filter(
    (entry) =>
      (query.deviceType === undefined || entry.deviceType === query.deviceType) &&
      (query.kind === undefined || entry.kind === query.kind) &&
      (!keyword ||
        [entry.name, entry.nameEn, entry.manufacturerName, modelKey(entry)].some((text) =>
          text.toLowerCase().includes(keyword),
        )),
  ).map((entry) => shownModel(entry, language));
}
