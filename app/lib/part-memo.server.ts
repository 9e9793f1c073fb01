import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { PartMemo } from '~/components/part-memo.tsx';

// Kept HTML of static parts (ADR 069): a product card, the footer. A key names everything the part shows (its data,
// the page's address where that matters), so an entry is never stale and needs no invalidation; the least recently
// used go first once MAX_BYTES are kept.
const MAX_BYTES = 16 * 1024 * 1024;
type State = { parts: LRUCache<string, string>; hole: string };
const KEY = Symbol.for('kiemkracht.part-memo');
const g = globalThis as unknown as Record<symbol, State | undefined>;
const state = (g[KEY] ??= {
  parts: new LRUCache<string, string>({ maxSize: MAX_BYTES, sizeCalculation: (html, key) => html.length + key.length }),
  // Random per process: no text a visitor types can stand for the hole.
  hole: `kk-address-${crypto.randomBytes(8).toString('hex')}`,
});

const MARKER = 'data-part-memo';
const MARKER_TEXT = ` ${MARKER}="`;
const MARKERS = new RegExp(`${MARKER_TEXT}\\d+"`, 'g');

// As React writes an attribute value.
const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

// A link to this page with a parameter set (useAddressWith), as the hole's path.
const WITH_PARAM = new RegExp(`/${state.hole}/([a-z-]+)`, 'g');

/** Kept HTML with this page's address put in where its holes are, as the components would have written it. */
function fill(html: string, address: string) {
  const q = address.indexOf('?');
  const [pathname, search] = q < 0 ? [address, ''] : [address.slice(0, q), address.slice(q)];
  const withParam = (_: string, param: string) => {
    const params = new URLSearchParams(search);
    params.set(param, '1');
    return escapeAttr(`${pathname}?${params}`);
  };
  return html.replace(WITH_PARAM, withParam).replaceAll(state.hole, escapeAttr(address));
}

/** One page's view of the kept parts: what it rendered anew is taken from its HTML by `finish`. */
export function partMemo(): PartMemo & { finish(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> } {
  const misses: string[] = [];
  let here = '';
  return {
    addressHole: state.hole,
    html: (key, address) => {
      const kept = state.parts.get(key);
      return kept === undefined ? undefined : fill(kept, address);
    },
    marker: (key, address) => {
      here = address;
      return { [MARKER]: String(misses.push(key) - 1) };
    },
    finish(buffer) {
      if (misses.length === 0) return buffer;
      const html = buffer.toString('utf8');
      for (const [index, inner] of markedParts(html)) state.parts.set(misses[index]!, inner.replace(MARKERS, ''));
      return Buffer.from(fill(html.replace(MARKERS, ''), here));
    },
  };
}

/** The marked parts of a page: the index of their key and their inner HTML (React's output: tags are balanced). */
export function* markedParts(html: string): Generator<[number, string]> {
  for (let at = html.indexOf(MARKER_TEXT); at >= 0; at = html.indexOf(MARKER_TEXT, at + 1)) {
    const index = Number(html.slice(at + MARKER_TEXT.length, html.indexOf('"', at + MARKER_TEXT.length)));
    const open = html.lastIndexOf('<', at);
    const tag = /^<([a-z]+)/.exec(html.slice(open, open + 12))?.[1];
    const start = html.indexOf('>', at) + 1;
    if (!tag || start === 0) continue;
    const end = closingTag(html, tag, start);
    if (end >= 0) yield [index, html.slice(start, end)];
  }
}

/** Where the element whose content starts at `from` closes: the same tag may nest inside it. */
function closingTag(html: string, tag: string, from: number): number {
  const tags = new RegExp(`<(/?)${tag}[\\s>]`, 'g');
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  return -1;
}

/** Drops every kept part (tests). */
export const clearPartMemo = () => state.parts.clear();
