import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

/**
 * The real DJI KMZ of the route fixtures (test/fixtures/route/README.md), zipped in memory as a KMZ is (a plain
 * zip of `wpmz/template.kml` and `wpmz/waylines.wpml`).
 */
const folder = fileURLToPath(new URL('../fixtures/route/m3td-tum-makeathon/wpmz/', import.meta.url));
const text = (name: string) => readFileSync(`${folder}${name}`, 'utf8');
const kmz = (file: (name: string) => string) =>
  Buffer.from(
    zipSync({
      'wpmz/template.kml': Buffer.from(file('template.kml')),
      'wpmz/waylines.wpml': Buffer.from(file('waylines.wpml')),
    }),
  );

/** The files as stored: DJI's three points and the fourth one its repository appended about 100 km away. */
export const realKmz = () => kmz(text);

/** DJI's own three points only (the appended fourth one taken out), `edit`ed. */
export const djiKmz = (edit: (text: string) => string = (value) => value) =>
  kmz((name) =>
    edit(
      text(name).replace(/\n {4}<Placemark>(?:(?!<Placemark>)[\s\S])*?12\.1810242[\s\S]*?<\/Placemark>/, ''),
    ),
  );
