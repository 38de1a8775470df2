import { describe, expect, it } from 'vitest';
import { haversineM } from './planning/geo.js';
import {
  droneInfoOf,
  droneModelOf,
  payloadModelOf,
  routeTypeOfTemplate,
  waylineFigures,
  waylineFileSchema,
  waylineTypeCode,
  wpmlVersionFor,
  type WaylineFile,
} from './wayline.js';

const point = (index: number, lon: number, lat: number, height: number, speed = 10) => ({
  position: [lon, lat] as [number, number],
  index,
  executeHeight: height,
  waypointSpeed: speed,
  actionGroups: [],
});

const file = (): WaylineFile => ({
  wpmlVersion: '1.0.2',
  missionConfig: {
    flyToWaylineMode: 'safely',
    finishAction: 'goHome',
    exitOnRCLost: 'executeLostAction',
    executeRCLostAction: 'goBack',
    globalTransitionalSpeed: 10,
    droneInfo: { droneEnumValue: 67, droneSubEnumValue: 1 },
    payloadInfo: [],
  },
  template: {
    templateType: 'waypoint',
    templateId: 0,
    waylineCoordinateSysParam: { coordinateMode: 'WGS84', heightMode: 'relativeToStartPoint' },
    autoFlightSpeed: 10,
    placemarks: [],
  },
  waylines: [
    {
      templateId: 0,
      waylineId: 0,
      executeHeightMode: 'relativeToStartPoint',
      autoFlightSpeed: 10,
      placemarks: [point(0, 116.3, 39.9, 100), point(1, 116.3, 39.901, 100)],
    },
  ],
  resources: [],
});

describe('the wayline model', () => {
  it('accepts a minimal WPML route and refuses wrong enum values and positions', () => {
    expect(waylineFileSchema.safeParse(file()).success).toBe(true);
    const wrong = file();
    (wrong.template as { templateType: string }).templateType = 'spiral';
    expect(waylineFileSchema.safeParse(wrong).success).toBe(false);
    const far = file();
    far.waylines[0]!.placemarks[0]!.position = [200, 0];
    expect(waylineFileSchema.safeParse(far).success).toBe(false);
    const noLine = { ...file(), waylines: [] };
    expect(waylineFileSchema.safeParse(noLine).success).toBe(false);
  });

  it('maps DJI enum values to our catalogue and back', () => {
    expect(droneModelOf(67, 1)?.id).toBe('dji-m30t');
    expect(droneModelOf(91, 1)?.id).toBe('dji-m3td');
    expect(droneModelOf(999, 0)).toBeUndefined();
    expect(payloadModelOf(50, 65535)?.id).toBe('dji-p1');
    expect(payloadModelOf(42, 0)?.id).toBe('dji-h20');
    // WPML's payload sub value is a lens variant, not the Cloud API sub type: the type alone decides
    expect(payloadModelOf(43, 2)?.id).toBe('dji-h20t');
    expect(droneInfoOf('dji-m3d')).toEqual({ droneEnumValue: 91, droneSubEnumValue: 0, modelId: 'dji-m3d' });
    expect(droneInfoOf('dji-dock2')).toBeUndefined();
  });

  it('names the namespace version per aircraft, the flight-task wayline type and the route type', () => {
    expect(wpmlVersionFor('dji-m30')).toBe('1.0.2');
    expect(wpmlVersionFor('dji-m3td')).toBe('1.0.6');
    expect(wpmlVersionFor(null)).toBe('1.0.2');
    expect(waylineTypeCode('waypoint')).toBe(0);
    expect(waylineTypeCode('mappingStrip')).toBe(3);
    expect(routeTypeOfTemplate('mapping2d')).toBe('planar');
    expect(routeTypeOfTemplate('mapping3d')).toBe('planar');
    expect(routeTypeOfTemplate('mappingStrip')).toBe('banded');
  });

  it('computes length (3-D) and duration (legs at speed plus hovers) by hand-checked figures', () => {
    // 0.001° of latitude: 111.195 km/° on the mean sphere → 111.195 m
    expect(haversineM([116.3, 39.9], [116.3, 39.901])).toBeCloseTo(111.195, 2);
    const line = file().waylines[0]!;
    line.placemarks[1]!.executeHeight = 100 + 40; // 111.195 across, 40 up → 118.17 m
    line.placemarks[0]!.actionGroups = [
      {
        actionGroupId: 0,
        actionGroupStartIndex: 0,
        actionGroupEndIndex: 0,
        actionGroupMode: 'sequence',
        actionTrigger: { actionTriggerType: 'reachPoint' },
        actions: [{ actionId: 0, actionActuatorFunc: 'hover', params: [['hoverTime', '5']] }],
      },
    ];
    const figures = waylineFigures(line);
    expect(figures.distance).toBeCloseTo(Math.hypot(111.195, 40), 1);
    expect(figures.duration).toBeCloseTo(figures.distance / 10 + 5, 5);
    expect(waylineFigures({ autoFlightSpeed: 5, placemarks: [point(0, 0, 0, 0)] })).toEqual({
      distance: 0,
      duration: 0,
    });
  });
});
