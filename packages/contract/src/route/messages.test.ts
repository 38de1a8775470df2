import { describe, expect, it } from 'vitest';
import { translate } from '../messages.js';
import {
  GSD_RANGE,
  HEIGHT_RANGE,
  HOVER_MAX_S,
  MAPPING_HEIGHT_RANGE,
  MARGIN_MAX,
  SPEED_RANGE,
  STRIP_WIDTH_MAX,
  WAYPOINT_LIMIT,
  ZOOM_RANGE,
} from './planning/common.js';
import { RECORD_SPACING_RANGE, RECORD_TOLERANCE_RANGE } from './record.js';
import { messages } from './messages.js';

/** A number as the English messages write it (thousands separated, minus sign). */
const english = (value: number) => value.toLocaleString('en-US').replace('-', '−');

describe('route messages', () => {
  it('state the very limits the planners apply, in both languages', () => {
    const cases: Array<[keyof typeof messages, number[]]> = [
      ['route.height', [MAPPING_HEIGHT_RANGE.min, MAPPING_HEIGHT_RANGE.max]],
      [
        'route.heightRelative',
        [HEIGHT_RANGE.relativeToStartPoint.min, HEIGHT_RANGE.relativeToStartPoint.max],
      ],
      ['route.heightEllipsoid', [HEIGHT_RANGE.WGS84.min, HEIGHT_RANGE.WGS84.max]],
      [
        'route.heightFollow',
        [HEIGHT_RANGE.realTimeFollowSurface.min, HEIGHT_RANGE.realTimeFollowSurface.max],
      ],
      ['route.gsd', [GSD_RANGE.min, GSD_RANGE.max]],
      ['route.speed', [SPEED_RANGE.min, SPEED_RANGE.max]],
      ['route.margin', [-MARGIN_MAX, MARGIN_MAX]],
      ['route.width', [STRIP_WIDTH_MAX]],
      ['route.hoverTime', [HOVER_MAX_S]],
      ['route.focalLength', [ZOOM_RANGE.min, ZOOM_RANGE.max]],
      ['route.tooManyWaypoints', [WAYPOINT_LIMIT]],
      ['route.record.tolerance', [RECORD_TOLERANCE_RANGE.min, RECORD_TOLERANCE_RANGE.max]],
      ['route.record.spacing', [RECORD_SPACING_RANGE.min, RECORD_SPACING_RANGE.max]],
    ];
    for (const [key, numbers] of cases) {
      const [zh, en] = messages[key];
      for (const value of numbers) {
        expect(en, key).toContain(english(value));
        expect(zh, key).toContain(String(value));
      }
    }
    expect(HEIGHT_RANGE.realTimeFollowSurface.key).toBe('route.heightFollow');
  });

  it('nest the reason a work area is refused', () => {
    expect(translate('zh-CN', 'route.polygonInvalid', { rule: 'route.polygonCrosses' })).toBe(
      '作业区域无效：边界自相交',
    );
  });
});
