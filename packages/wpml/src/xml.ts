import { WPML_NAMESPACE_PREFIX } from '@aos/contract';
import { SaxesParser } from 'saxes';
import { wpmlError } from './errors.js';

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

  get hasChildren(): boolean {
    return this.elements !== null;
  }

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
    else if (isBlank(piece)) return;
    else if (this.mixed) this.mixed.push(piece);
    else this.mixed = [...this.elements, piece];
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
 * Parse XML into `Element`s: the plain subset DJI's files and ours are written in by `parseSimpleXml`, anything
 * else (and anything malformed) by saxes, which gives the error. Throws XmlSyntaxError on malformed XML or an
 * unbound prefix.
 */
function parseXml(text: string): Element | null {
  const simple = parseSimpleXml(text);
  return simple === undefined ? parseXmlWithSaxes(text) : simple;
}

/** Both parsers, for the tests that hold them to the same trees. */
export const xmlParsers = {
  simple: (text: string): XmlElement | null | undefined => parseSimpleXml(text),
  saxes: (text: string): XmlElement | null => parseXmlWithSaxes(text),
};

/** Anything the simple parser leaves to saxes wherever it is: entities and character references, characters
 * XML forbids or normalizes (CR, controls, lone surrogates, U+FFFE/F), and CDATA's end marker. */
// eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids or rewrites
const NOT_SIMPLE = /[&\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]|\]\]>/;
const DECLARATION =
  /^<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(["'])1\.0\1(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(["'])[Uu][Tt][Ff]-8\2)?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(["'])(?:yes|no)\3)?[ \t\n]*\?>/;
/** Can this character start an ASCII name part (`[A-Za-z_]`)? */
function nameStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}
/** Can it continue one (`[A-Za-z0-9_.-]`)? */
function nameChar(code: number): boolean {
  return nameStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x2d;
}
/**
 * Where the ASCII qualified name at `from` ends (what WPML and KML use: `[A-Za-z_][A-Za-z0-9_.-]*`, optionally
 * `:` and another such part), or -1 when none starts there; other names are saxes' to judge. Scanned by
 * character codes: a regular expression's match array for each of a file's 200,000 tags was garbage.
 */
function qualifiedNameEnd(text: string, from: number): number {
  if (!nameStart(text.charCodeAt(from))) return -1;
  let at = from + 1;
  while (nameChar(text.charCodeAt(at))) at++;
  if (text.charCodeAt(at) === 0x3a /* : */ && nameStart(text.charCodeAt(at + 1))) {
    at += 2;
    while (nameChar(text.charCodeAt(at))) at++;
  }
  return at;
}
/** The index after the spaces, tabs and line feeds at `from`. */
function skipSpace(text: string, from: number): number {
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x0a && code !== 0x09) return at;
    at++;
  }
}
/** A namespace declaration on the root, quoted either way, its value without `<` (`&` is already excluded). */
const NS_DECLARATION =
  /[ \t\n]+(xmlns(?::([A-Za-z_][A-Za-z0-9_.-]*))?)[ \t\n]*=[ \t\n]*(?:"([^"<]*)"|'([^'<]*)')/y;
/** Only spaces, tabs and line feeds between `from` and `to`? */
function blank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x0a && code !== 0x09) return false;
  }
  return true;
}
const RESERVED_NAMESPACES = new Set([
  'http://www.w3.org/XML/1998/namespace',
  'http://www.w3.org/2000/xmlns/',
]);

/**
 * A strict parser of the plain XML that wayline files are: an optional `<?xml version="1.0"?>` declaration, then
 * elements with ASCII names, namespace declarations on the root element only, text without entities, nothing
 * else (no comments, processing instructions, CDATA, DOCTYPE, other attributes). It builds the same tree saxes
 * does, about three times faster and with far less garbage, by scanning for `<` and `>`. `undefined` when the
 * text is anything else, malformed included: saxes then parses it and names what is wrong. So this parser
 * never accepts what saxes would refuse, and never decides a refusal (`xml.test.ts` holds the two to the same
 * trees on the real files and on thousands of damaged ones).
 */
function parseSimpleXml(text: string): Element | null | undefined {
  if (NOT_SIMPLE.test(text)) return undefined;
  let at = 0;
  if (text.startsWith('<?')) {
    const declaration = DECLARATION.exec(text);
    if (!declaration) return undefined;
    at = declaration[0].length;
  }
  const namespaces = new Map<string, string>();
  /** qualified name → [local name, namespace URI] (a few dozen of them) */
  const resolved = new Map<string, [string, string | null]>();
  const open: Element[] = [];
  const openNames: string[] = [];
  let current: Element | null = null;
  let root: Element | null = null;
  const length = text.length;
  while (at < length) {
    const lt = text.indexOf('<', at);
    const end = lt < 0 ? length : lt;
    // layout whitespace (before a child element, or between children) is not kept: not even cut out
    if (
      end > at &&
      !(blank(text, at, end) && (!current || current.hasChildren || text.charCodeAt(end + 1) !== 0x2f))
    ) {
      const piece = text.slice(at, end);
      if (current) current.addText(piece);
      else return undefined; // text outside the root
    }
    if (lt < 0) break;
    const gt = text.indexOf('>', lt);
    if (gt < 0) return undefined;
    const next = text.charCodeAt(lt + 1);
    if (next === 0x2f /* / */) {
      // the end tag of the open element: its name, then only spaces (compared in place: no string made)
      const openName = openNames[openNames.length - 1];
      const nameEnd = qualifiedNameEnd(text, lt + 2);
      if (
        openName === undefined ||
        !current ||
        nameEnd - (lt + 2) !== openName.length ||
        !text.startsWith(openName, lt + 2) ||
        skipSpace(text, nameEnd) !== gt
      )
        return undefined;
      openNames.pop();
      current = open.pop() ?? null;
      at = gt + 1;
      continue;
    }
    if (root && !current) return undefined; // a second root
    const nameEnd = qualifiedNameEnd(text, lt + 1);
    if (nameEnd < 0) return undefined;
    const name = text.slice(lt + 1, nameEnd);
    let cursor = nameEnd;
    let attributes = NO_ATTRIBUTES;
    if (!root) {
      const declared: Array<{ name: string; value: string }> = [];
      for (;;) {
        NS_DECLARATION.lastIndex = cursor;
        const declaration = NS_DECLARATION.exec(text);
        if (!declaration) break;
        const [, qualified, prefix, double, single] = declaration;
        const value = double ?? single ?? '';
        if (declared.some((attribute) => attribute.name === qualified)) return undefined;
        if (prefix !== undefined && (value === '' || prefix === 'xml' || prefix === 'xmlns'))
          return undefined;
        if (/[\t\n]/.test(value) || RESERVED_NAMESPACES.has(value)) return undefined; // saxes' business
        declared.push({ name: qualified!, value });
        namespaces.set(prefix ?? '', value);
        cursor = NS_DECLARATION.lastIndex;
      }
      if (declared.length) attributes = declared;
    }
    cursor = skipSpace(text, cursor);
    const selfClosing = cursor === gt - 1 && text.charCodeAt(cursor) === 0x2f;
    if (cursor !== gt && !selfClosing) return undefined;
    let local = resolved.get(name);
    if (!local) {
      const colon = name.indexOf(':');
      const prefix = colon < 0 ? '' : name.slice(0, colon);
      if (/^xml/i.test(name)) return undefined; // names XML reserves
      const uri = namespaces.get(prefix);
      if (prefix && uri === undefined) return undefined; // unbound prefix
      local = [colon < 0 ? name : name.slice(colon + 1), uri || null];
      resolved.set(name, local);
    }
    const element = new Element(local[0], local[1], attributes);
    if (current) current.addChild(element);
    else root = element;
    if (!selfClosing) {
      if (current) open.push(current);
      current = element;
      openNames.push(name);
    }
    at = gt + 1;
  }
  if (!root || current) return undefined;
  return root;
}

/**
 * Parse XML into `Element`s with saxes (a streaming, namespace-aware parser, no recursion): about eight times
 * faster than a DOM parser on a 1,000-waypoint file.
 */
function parseXmlWithSaxes(text: string): Element | null {
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
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw wpmlError('wpmlRefused', { file });
  let root: XmlElement | null;
  try {
    root = parseXml(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw wpmlError('wpmlBroken', { file, reason: reason.split('\n')[0]!.slice(0, 200) });
  }
  if (!root || root.localName !== 'kml') {
    throw wpmlError('wpmlBroken', { file, reason: 'the root element is not <kml>' });
  }
  if (root.namespaceURI !== KML_NS) {
    throw wpmlError('wpmlNamespace', { file, namespace: root.namespaceURI ?? '-' });
  }
  const declared = Array.from(root.attributes).find((attribute) => attribute.name === 'xmlns:wpml')?.value;
  const match = declared ? /^http:\/\/www\.dji\.com\/wpmz\/(1\.0\.\d+)$/.exec(declared) : null;
  if (!declared || !match || !declared.startsWith(WPML_NAMESPACE_PREFIX)) {
    throw wpmlError('wpmlNamespace', { file, namespace: declared ?? '-' });
  }
  const document = children(root).find((el) => el.localName === 'Document' && el.namespaceURI === KML_NS);
  if (!document) throw wpmlError('wpmlMissing', { file, element: 'Document' });
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
    return wpmlError('wpmlMissing', { file: this.doc.file, element });
  }

  wrong(element: string, value: string) {
    return wpmlError('wpmlValue', { file: this.doc.file, element, value: value.slice(0, 100) });
  }
}
