import { describe, expect, it } from 'vitest';
import { areaFigure, bboxCentre, distanceFigure, durationFigure, importFormatOf } from './format';

describe('route figures', () => {
  it('shows distances in metres under 1 km, in km with two decimals above', () => {
    expect(distanceFigure(849.6)).toEqual({ unit: 'm', values: { value: 850 } });
    expect(distanceFigure(1234.5)).toEqual({ unit: 'km', values: { value: '1.23' } });
    expect(distanceFigure(Number.NaN).unit).toBe('none');
  });

  it('shows durations in seconds, minutes and seconds, hours and minutes', () => {
    expect(durationFigure(44.6)).toEqual({ unit: 's', values: { s: 45 } });
    expect(durationFigure(725)).toEqual({ unit: 'minS', values: { min: 12, s: 5 } });
    expect(durationFigure(3720)).toEqual({ unit: 'hMin', values: { h: 1, min: 2 } });
    expect(durationFigure(-1).unit).toBe('none');
  });

  it('shows areas in hectares under 1 km², in km² above, nothing for a waypoint route', () => {
    expect(areaFigure(32_400)).toEqual({ unit: 'ha', values: { value: '3.24' } });
    expect(areaFigure(2_500_000)).toEqual({ unit: 'km2', values: { value: '2.50' } });
    expect(areaFigure(null).unit).toBe('none');
  });

  it('finds the centre of a bbox', () => {
    expect(bboxCentre([116.3, 39.9, 116.303, 39.902])).toEqual([116.3015, 39.901]);
  });

  it('knows the import formats by extension, case-insensitively', () => {
    expect(importFormatOf('mission.KMZ')).toBe('kmz');
    expect(importFormatOf('line.kml')).toBe('kml');
    expect(importFormatOf('area.geojson')).toBe('geojson');
    expect(importFormatOf('area.json')).toBe('geojson');
    expect(importFormatOf('photo.png')).toBeUndefined();
    expect(importFormatOf('kmz')).toBeUndefined();
  });
});
