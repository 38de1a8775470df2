import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { fieldError } from '../../../lib/errors.js';
import type { RawFeature } from './features.js';

/**
 * A KML document's placemarks (Point, LineString, Polygon, MultiGeometry), read by @tmcw/togeojson on an
 * @xmldom/xmldom document. Placemark names, descriptions and ExtendedData become properties; styles do not.
 *
 * XML bombs: a DOCTYPE (where entities are declared, "billion laughs" and external entities alike) is refused
 * before the parser sees the text; KML never needs one.
 */
export function readKml(text: string, firstIndex = 0): RawFeature[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw fieldError('file', 'gis.xmlRefused');
  let document: KmlDocument;
  try {
    document = new DOMParser({
      onError: (level: string, message: string) => {
        if (level !== 'warning') throw new KmlSyntaxError(message);
      },
    }).parseFromString(text, 'text/xml') as unknown as KmlDocument;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw fieldError('file', 'gis.xmlBroken', { reason: reason.split('\n')[0]!.slice(0, 200) });
  }
  const root = document.documentElement;
  if (!root || root.localName !== 'kml') {
    throw fieldError('file', 'gis.xmlBroken', { reason: 'the root element is not <kml>' });
  }
  const collection = kmlToGeoJson(document);
  return collection.features.map((feature, at) => ({
    geometry: feature.geometry,
    properties: withoutStyles(feature.properties),
    index: firstIndex + at,
  }));
}

class KmlSyntaxError extends Error {}

/** The DOM document togeojson reads (xmldom's implements what it uses). */
type KmlDocument = Parameters<typeof kmlToGeoJson>[0];

/** What togeojson derives from `<Style>` and friends: drawing, not data. */
const STYLE_KEYS = /^(styleUrl|styleHash|styleMapHash|stroke|fill|icon|label|visibility)/;

function withoutStyles(properties: Record<string, unknown> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties ?? {})) if (!STYLE_KEYS.test(key)) out[key] = value;
  return out;
}
