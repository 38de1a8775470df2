import { Icon } from 'ol/style';

/**
 * The live maps' device symbols as SVG icons: a dock is a rounded square with a hatch mark, a drone an arrow
 * pointing to its heading (rotate the icon). One image per colour is shared by every feature (OpenLayers
 * caches icon images by `src`), so a hundred drones cost one image each colour.
 */
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function dockSvg(color: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="26" height="26" viewBox="0 0 26 26">` +
    `<rect x="2" y="2" width="22" height="22" rx="5" fill="${color}" stroke="#ffffff" stroke-width="2.5"/>` +
    `<path d="M7.5 15.5h11M9 11.5h8" stroke="#ffffff" stroke-width="2" stroke-linecap="round"/></svg>`
  );
}

export function droneSvg(color: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30" viewBox="0 0 30 30">` +
    `<path d="M15 2.5L25 26L15 20.5L5 26Z" fill="${color}" stroke="#ffffff" stroke-width="2.2" ` +
    `stroke-linejoin="round"/></svg>`
  );
}

/**
 * A dock icon of `color` (a new Icon each call: an Icon's scale and opacity belong to its style). In a
 * decluttered layer the icon is always drawn and only keeps labels off itself ('obstacle'): decluttering
 * may drop a crowded dock's name, never the dock (it may be the one in alarm).
 */
export function dockIcon(color: string, opacity = 1): Icon {
  return new Icon({
    src: svgSource(dockSvg(color)),
    width: 26,
    height: 26,
    opacity,
    declutterMode: 'obstacle',
  });
}

/** A drone icon of `color` rotated by `headingDegrees` (0 north, clockwise, as DJI reports `attitude_head`). */
export function droneIcon(color: string, headingDegrees: number): Icon {
  return new Icon({
    src: svgSource(droneSvg(color)),
    width: 30,
    height: 30,
    rotation: (headingDegrees * Math.PI) / 180,
    rotateWithView: true,
  });
}
