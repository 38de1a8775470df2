import { WPML_NAMESPACE_PREFIX } from '@aos/contract';
import { SaxesParser } from 'saxes';
import { fieldError } from '../../../lib/errors.js';

/**
 * The XML side of a wayline file: parsing one of the two files safely (no DOCTYPE, so no entity expansion and
 * no external entities: "billion laughs" is refused before the parser sees the text, as gis/exchange/kml.ts
 * does), checking its namespaces, and small typed getters that name the missing or wrong element.
 */

export const KML_NS = 'http://www.opengis.net/kml/2.2';

/** The minimal DOM surface the reader uses: elements only (their text is read through `textContent`). */
export interface XmlElement {
  localName: string | null;
  namespaceURI: string | null;
  textContent: string | null;
  childNodes: ArrayLike<XmlNode>;
  attributes: ArrayLike<{ name: string; value: string }>;
}
interface XmlNode {
  nodeType: number;
}

/** An element of the tree `parseXml` builds: its children in order, its text pieces between them. */
class Element implements XmlElement {
  readonly nodeType = 1;
  readonly childNodes: Element[] = [];
  /** text and child elements in document order */
  readonly content: Array<string | Element> = [];
  constructor(
    readonly localName: string,
    readonly namespaceURI: string | null,
    readonly attributes: Array<{ name: string; value: string }>,
  ) {}

  /** The text of the element and all below it, walked without recursion (files may nest deeply). */
  get textContent(): string {
    let text = '';
    const stack: Array<string | Element> = [...this.content].reverse();
    while (stack.length) {
      const next = stack.pop()!;
      if (typeof next === 'string') text += next;
      else for (let i = next.content.length - 1; i >= 0; i--) stack.push(next.content[i]!);
    }
    return text;
  }
}

/**
 * Parse XML into `Element`s with saxes (a streaming, namespace-aware parser, no recursion): about eight times
 * faster than a DOM parser on a 1,000-waypoint file. Throws XmlSyntaxError on malformed XML or an unbound prefix.
 */
function parseXml(text: string): Element | null {
  const parser = new SaxesParser({ xmlns: true });
  const open: Element[] = [];
  let root: Element | null = null;
  parser.on('error', (error) => {
    throw new XmlSyntaxError(error.message);
  });
  parser.on('opentag', (tag) => {
    const attributes = Object.values(tag.attributes).map((attribute) => ({
      name: attribute.name,
      value: attribute.value,
    }));
    const element = new Element(tag.local, tag.uri || null, attributes);
    const parent = open.at(-1);
    if (parent) {
      parent.childNodes.push(element);
      parent.content.push(element);
    } else root = element;
    open.push(element);
  });
  parser.on('closetag', () => {
    open.pop();
  });
  const addText = (piece: string) => open.at(-1)?.content.push(piece);
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text).close();
  return root;
}

export interface WpmlDocument {
  file: string;
  /** the `wpml` namespace URI the file uses */
  wpmlNs: string;
  /** `1.0.x` from the namespace */
  version: string;
  /** the KML `Document` element */
  document: XmlElement;
}

class XmlSyntaxError extends Error {}

export function parseWpml(file: string, text: string): WpmlDocument {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw fieldError('file', 'gis.wpmlRefused', { file });
  let root: XmlElement | null;
  try {
    root = parseXml(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw fieldError('file', 'gis.wpmlBroken', { file, reason: reason.split('\n')[0]!.slice(0, 200) });
  }
  if (!root || root.localName !== 'kml') {
    throw fieldError('file', 'gis.wpmlBroken', { file, reason: 'the root element is not <kml>' });
  }
  if (root.namespaceURI !== KML_NS) {
    throw fieldError('file', 'gis.wpmlNamespace', { file, namespace: root.namespaceURI ?? '-' });
  }
  const declared = Array.from(root.attributes).find((attribute) => attribute.name === 'xmlns:wpml')?.value;
  const match = declared ? /^http:\/\/www\.dji\.com\/wpmz\/(1\.0\.\d+)$/.exec(declared) : null;
  if (!declared || !match || !declared.startsWith(WPML_NAMESPACE_PREFIX)) {
    throw fieldError('file', 'gis.wpmlNamespace', { file, namespace: declared ?? '-' });
  }
  const document = children(root).find((el) => el.localName === 'Document' && el.namespaceURI === KML_NS);
  if (!document) throw fieldError('file', 'gis.wpmlMissing', { file, element: 'Document' });
  return { file, wpmlNs: declared, version: match[1]!, document };
}

const childCache = new WeakMap<XmlElement, XmlElement[]>();

/** The element children of `element` (cached: the reader asks each element for many of its children). */
export function children(element: XmlElement): XmlElement[] {
  const cached = childCache.get(element);
  if (cached) return cached;
  const out: XmlElement[] = [];
  childCache.set(element, out);
  const nodes = element.childNodes;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.nodeType === 1) out.push(node as unknown as XmlElement);
  }
  return out;
}

/** Reads one file's elements, naming the file and the element path in every refusal. */
export class WpmlReader {
  constructor(readonly doc: WpmlDocument) {}

  /** a `wpml:` child (or, with `kml`, a KML child) */
  child(parent: XmlElement, name: string, kml = false): XmlElement | undefined {
    const ns = kml ? KML_NS : this.doc.wpmlNs;
    return children(parent).find((el) => el.localName === name && el.namespaceURI === ns);
  }

  all(parent: XmlElement, name: string, kml = false): XmlElement[] {
    const ns = kml ? KML_NS : this.doc.wpmlNs;
    return children(parent).filter((el) => el.localName === name && el.namespaceURI === ns);
  }

  need(parent: XmlElement, name: string, path: string, kml = false): XmlElement {
    const found = this.child(parent, name, kml);
    if (!found) throw this.missing(path ? `${path}/${name}` : name);
    return found;
  }

  text(parent: XmlElement, name: string, kml = false): string | undefined {
    const found = this.child(parent, name, kml);
    return found ? (found.textContent ?? '').trim() : undefined;
  }

  needText(parent: XmlElement, name: string, path: string): string {
    const value = this.text(parent, name);
    if (value === undefined || value === '') throw this.missing(`${path}/${name}`);
    return value;
  }

  number(parent: XmlElement, name: string, path: string): number | undefined {
    const value = this.text(parent, name);
    if (value === undefined || value === '') return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) throw this.wrong(`${path}/${name}`, value);
    return parsed;
  }

  needNumber(parent: XmlElement, name: string, path: string): number {
    const value = this.number(parent, name, path);
    if (value === undefined) throw this.missing(`${path}/${name}`);
    return value;
  }

  flag(parent: XmlElement, name: string, path: string): boolean | undefined {
    const value = this.number(parent, name, path);
    if (value === undefined) return undefined;
    if (value !== 0 && value !== 1) throw this.wrong(`${path}/${name}`, String(value));
    return value === 1;
  }

  missing(element: string) {
    return fieldError('file', 'gis.wpmlMissing', { file: this.doc.file, element });
  }

  wrong(element: string, value: string) {
    return fieldError('file', 'gis.wpmlValue', { file: this.doc.file, element, value: value.slice(0, 100) });
  }
}
