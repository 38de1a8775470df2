import type { AreaEffect } from '@aos/contract';

/** Colours of an area by what it means to a flight: may not enter (red), must stay inside (blue), may fly (green). */
export const EFFECT_COLORS: Record<AreaEffect, string> = {
  restricted: '#f5222d',
  keepIn: '#1677ff',
  permit: '#52c41a',
};
