import type { ScreenEntries } from '../../screen-entry';

/** Oil-field layers: menu `oil_layer`. */
export default {
  oil_layer: () => import('./OilLayerPage'),
} satisfies ScreenEntries;
