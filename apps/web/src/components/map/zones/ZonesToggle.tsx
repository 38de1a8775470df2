import type { MapSettings } from '../settings';
import { EFFECT_COLORS } from './effects';

/** The map control that shows or hides the tenant's zones, fences and airports, with the colours' meaning. */
export function ZonesToggle({
  settings,
  shown,
  onToggle,
  testId = 'map-zones-toggle',
}: {
  settings: MapSettings;
  shown: boolean;
  onToggle: () => void;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className="aos-map-toggle"
      aria-pressed={shown}
      title={settings.texts.zonesLegend}
      onClick={onToggle}
      data-testid={testId}
    >
      {Object.values(EFFECT_COLORS).map((color) => (
        <span key={color} className="aos-map-toggle__swatch" style={{ background: color }} />
      ))}
      {settings.texts.zones}
    </button>
  );
}
