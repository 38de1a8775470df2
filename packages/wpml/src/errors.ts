/**
 * Why a KMZ or WPML file was refused. The package knows no HTTP and no message catalogue: the server's route and
 * GIS areas turn a `WpmlError` into their 400 naming `field` (`gis.<reason>` keys, apps/server/src/lib/zip.ts
 * `fromWpmlError`), the simulator answers its dock error code and logs `message`.
 */
export type WpmlReason =
  | 'fileTooLarge'
  | 'fileBroken'
  | 'kmzNotZip'
  | 'kmzFiles'
  | 'kmzEntryTooLarge'
  | 'zipBroken'
  | 'zipEncrypted'
  | 'zipPath'
  | 'zipTooLarge'
  | 'wpmlRefused'
  | 'wpmlBroken'
  | 'wpmlNamespace'
  | 'wpmlMissing'
  | 'wpmlValue';

export type WpmlParams = Record<string, string | number>;

/** Plain English, for logs and for the simulator; the server's catalogue has both languages. */
const MESSAGES: Record<WpmlReason, (p: WpmlParams) => string> = {
  fileTooLarge: (p) => `the file is larger than ${p.limit}`,
  fileBroken: (p) => `the file could not be read: ${p.reason}`,
  kmzNotZip: () => 'the KMZ is not a zip archive',
  kmzFiles: () => 'the KMZ must contain wpmz/template.kml and wpmz/waylines.wpml',
  kmzEntryTooLarge: (p) => `${p.name} is larger than ${p.limit}`,
  zipBroken: () => 'the archive is damaged',
  zipEncrypted: () => 'the archive is encrypted',
  zipPath: (p) => `the archive holds an unsafe name: ${p.name}`,
  zipTooLarge: (p) => `the archive unpacks to more than ${p.limit} or holds more than ${p.entries} entries`,
  wpmlRefused: (p) => `${p.file} declares a DOCTYPE or entities, which are refused`,
  wpmlBroken: (p) => `${p.file} is not well-formed XML: ${p.reason}`,
  wpmlNamespace: (p) => `${p.file} uses an unknown namespace: ${p.namespace}`,
  wpmlMissing: (p) => `${p.file} lacks ${p.element}`,
  wpmlValue: (p) => `${p.file}: ${p.element} has a wrong value: ${p.value}`,
};

export class WpmlError extends Error {
  override readonly name = 'WpmlError';
  constructor(
    readonly reason: WpmlReason,
    readonly params: WpmlParams = {},
    /** the input at fault: always the uploaded `file` today */
    readonly field = 'file',
  ) {
    super(MESSAGES[reason](params));
  }
}

export function wpmlError(reason: WpmlReason, params?: WpmlParams): WpmlError {
  return new WpmlError(reason, params);
}
