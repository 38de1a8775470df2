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

const NO_ELEMENTS: readonly Element[] = Object.freeze([]);
const BLANK = /^[ \t\r\n]*$/;
const isBlank = (text: string) => BLANK.test(text);
const NO_ATTRIBUTES: ReadonlyArray<{ name: string; value: string }> = Object.freeze([]);

/**
 * An element of the tree `parseXml` builds, kept small (the tree of a 1,000-waypoint file has some 100,000 of
 * them, all alive until the model is built): its child elements in order, and its text. An element holds
 * either text only (a leaf, almost all of them), or child elements only, or, when it has both, `mixed`: text
 * pieces and children in document order. The indentation between child elements (whitespace-only text in an
 * element that has or gets child elements) is not kept: a container's `textContent` is its children's text
 * with the text around them, less that layout whitespace; a leaf's text is kept exactly.
 */
class Element implements XmlElement {
  readonly nodeType = 1;
  private elements: Element[] | null = null;
  private text = '';
  private mixed: Array<string | Element> | null = null;
  constructor(
    readonly localName: string,
    readonly namespaceURI: string | null,
    readonly attributes: ReadonlyArray<{ name: string; value: string }>,
  ) {}

  get childNodes(): readonly Element[] {
    return this.elements ?? NO_ELEMENTS;
  }

  addChild(child: Element): void {
    if (this.elements) this.elements.push(child);
    else {
      this.elements = [child];
      if (this.text !== '' && !isBlank(this.text)) this.mixed = [this.text];
      this.text = '';
    }
    if (this.mixed) this.mixed.push(child);
  }

  addText(piece: string): void {
    if (!this.elements) this.text += piece;
    else if (this.mixed) this.mixed.push(piece);
    else if (!isBlank(piece)) this.mixed = [...this.elements, piece];
  }

  /** The text of the element and all below it, walked without recursion (files may nest deeply). */
  get textContent(): string {
    if (!this.elements) return this.text;
    let text = '';
    const stack: Array<string | Element> = [this];
    while (stack.length) {
      const next = stack.pop()!;
      if (typeof next === 'string') text += next;
      else if (next.mixed) for (let i = next.mixed.length - 1; i >= 0; i--) stack.push(next.mixed[i]!);
      else if (next.elements)
        for (let i = next.elements.length - 1; i >= 0; i--) stack.push(next.elements[i]!);
      else text += next.text;
    }
    return text;
  }
}

/** An object's first own key, without building the list of all of them. */
function firstKey(object: object): string | undefined {
  for (const key in object) return key;
  return undefined;
}

/**
 * Parse XML into `Element`s with saxes (a streaming, namespace-aware parser, no recursion): about eight times
 * faster than a DOM parser on a 1,000-waypoint file. Throws XmlSyntaxError on malformed XML or an unbound prefix.
 */
function parseXml(text: string): Element | null {
  const parser = new SaxesParser({ xmlns: true });
  const open: Element[] = [];
  let current: Element | null = null;
  let root: Element | null = null;
  const names = new Map<string, string>();
  parser.on('error', (error) => {
    throw new XmlSyntaxError(error.message);
  });
  parser.on('opentag', (tag) => {
    const attributes =
      firstKey(tag.attributes) === undefined
        ? NO_ATTRIBUTES
        : Object.values(tag.attributes).map((attribute) => ({
            name: attribute.name,
            value: attribute.value,
          }));
    // one string per element name (a few dozen), not one per element
    let name = names.get(tag.local);
    if (name === undefined) names.set(tag.local, (name = tag.local));
    const element = new Element(name, tag.uri || null, attributes);
    if (current) {
      current.addChild(element);
      open.push(current);
    } else root = element;
    current = element;
  });
  parser.on('closetag', () => {
    current = open.pop() ?? null;
  });
  const addText = (piece: string) => current?.addText(piece);
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

/** The element children of `element` (the parser's own elements have no other children; others are cached). */
export function children(element: XmlElement): XmlElement[] {
  if (element instanceof Element) return element.childNodes as Element[];
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
    const list = children(parent);
    for (let i = 0; i < list.length; i++) {
      const el = list[i]!;
      if (el.localName === name && el.namespaceURI === ns) return el;
    }
    return undefined;
  }

  all(parent: XmlElement, name: string, kml = false): XmlElement[] {
    const ns = kml ? KML_NS : this.doc.wpmlNs;
    const list = children(parent);
    const out: XmlElement[] = [];
    for (let i = 0; i < list.length; i++) {
      const el = list[i]!;
      if (el.localName === name && el.namespaceURI === ns) out.push(el);
    }
    return out;
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
