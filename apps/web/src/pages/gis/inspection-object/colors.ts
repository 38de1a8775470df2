import type { MapSettings } from '../../../components/map/settings';

/** One colour per object type (the dictionary's keys 1…), so wells, pipelines and towers tell apart. */
const PALETTE = ['#1677FF', '#F5222D', '#FA8C16', '#722ED1', '#8C8C8C', '#13C2C2', '#EB2F96', '#52C41A'];

export const typeColor = (type: number) => PALETTE[(Math.max(1, type) - 1) % PALETTE.length]!;

/** How close the map may zoom to fit the objects: a province with the offline boundaries alone, streets over tiles. */
export const closestFit = (settings: MapSettings) => (settings.layers.some((layer) => layer.url) ? 13 : 7);
