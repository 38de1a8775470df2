import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { children, xmlParsers, type XmlElement } from './xml.js';

const fixtures = fileURLToPath(
  new URL('../../../apps/server/test/fixtures/route/m3td-tum-makeathon/wpmz/', import.meta.url),
);
const real = [
  readFileSync(`${fixtures}template.kml`, 'utf8'),
  readFileSync(`${fixtures}waylines.wpml`, 'utf8'),
];

/** The tree as plain data: names, namespaces, attributes, and the text of every element. */
function shape(root: XmlElement | null): unknown {
  if (!root) return null;
  const out: unknown[] = [];
  const stack: Array<[XmlElement, number]> = [[root, 0]];
  while (stack.length) {
    const [el, depth] = stack.pop()!;
    out.push([depth, el.localName, el.namespaceURI, Array.from(el.attributes), el.textContent?.trim()]);
    const list = children(el);
    for (let i = list.length - 1; i >= 0; i--) stack.push([list[i]!, depth + 1]);
  }
  return out;
}

/** saxes' tree, or the error it throws. */
function bySaxes(text: string): { tree: unknown } | { error: string } {
  try {
    return { tree: shape(xmlParsers.saxes(text)) };
  } catch (error) {
    return { error: String(error) };
  }
}

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '<',
  '>',
  '/',
  '"',
  "'",
  '=',
  ':',
  ' ',
  '\n',
  '\t',
  'a',
  '&amp;',
  '!',
  '?',
  'x',
  '<!-- c -->',
  '<a>',
  '</a>',
  '<wpml:a/>',
  'xmlns:q="u" ',
  'é',
];

describe('the simple XML parser builds what saxes builds, and leaves everything else to saxes', () => {
  it('parses the real DJI files itself, into the same trees', () => {
    for (const text of real) {
      const simple = xmlParsers.simple(text);
      expect(simple).toBeDefined();
      expect(shape(simple!)).toEqual((bySaxes(text) as { tree: unknown }).tree);
    }
  });

  it('takes a damaged file only when saxes takes it too, with the same tree (thousands of damaged files)', () => {
    const next = random(16);
    let taken = 0;
    let left = 0;
    for (let round = 0; round < 3000; round++) {
      let text = real[round % 2]!;
      for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--) {
        const at = Math.floor(next() * text.length);
        const kind = next();
        if (kind < 0.35) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 3));
        else if (kind < 0.8)
          text = text.slice(0, at) + PIECES[Math.floor(next() * PIECES.length)] + text.slice(at);
        else if (kind < 0.9) text = text.slice(0, at);
        else {
          const from = Math.floor(next() * text.length);
          text = text.slice(0, at) + text.slice(from, from + 40) + text.slice(at);
        }
      }
      const simple = xmlParsers.simple(text);
      if (simple === undefined) {
        left++;
        continue;
      }
      taken++;
      expect(bySaxes(text), `round ${round}`).toEqual({ tree: shape(simple) });
    }
    // both ways exercised
    expect(taken).toBeGreaterThan(150);
    expect(left).toBeGreaterThan(300);
  });

  it('leaves to saxes: comments, CDATA, entities, CR, other attributes, unbound prefixes, a second root', () => {
    const doc = (inner: string, root = '<kml xmlns="k" xmlns:w="p">') => `${root}${inner}</kml>`;
    expect(xmlParsers.simple(doc('<w:a>1</w:a>'))).toBeDefined();
    for (const text of [
      doc('<!-- c --><w:a>1</w:a>'),
      doc('<w:a><![CDATA[1]]></w:a>'),
      doc('<w:a>&lt;</w:a>'),
      doc('<w:a>1\r\n</w:a>'),
      doc('<w:a id="1">1</w:a>'),
      doc('<q:a>1</q:a>'),
      doc('<w:a>1</w:b>'),
      `${doc('')}<kml/>`,
      doc('<w:a>1</w:a>', '<kml xmlns="k" xmlns:w="p" id="x">'),
      doc('', '<kml xmlns="k" xmlns:w="">'),
      `<?xml version="1.1"?>${doc('')}`,
      ` <?xml version="1.0"?>${doc('')}`,
      doc('<w:a>1</w:a'),
      doc('<xml:a/>'),
    ]) {
      expect(xmlParsers.simple(text), text).toBeUndefined();
    }
  });
});
