import type { MapSettings } from '../../../components/map/settings';

/**
 * How close a map may zoom when it fits what it shows: the offline boundaries say nothing closer than a
 * province, so a lone well is shown among its provinces; tiles have streets to show around it.
 */
export const closestFit = (settings: MapSettings) => (settings.layers.some((layer) => layer.url) ? 13 : 7);
