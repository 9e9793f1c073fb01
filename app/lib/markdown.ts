// A small Markdown subset for blog posts, parsed into a tree that React renders as elements.
// No HTML string is ever produced: text is escaped by React, raw HTML in the source stays text,
// and a link is only a link when its target passes safeHref(). Pure, so it runs on server and client.
//
// Supported: ## and ### headings (# counts as ##, #### and deeper as ###), paragraphs, "- " / "* " and
// "1. " lists, "> " blockquotes, **bold**, *italic* / _italic_, [text](url) and backslash escapes.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; external: boolean; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 2 | 3; id: string; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'blockquote'; children: Block[] };

export type TocEntry = { id: string; text: string; children: { id: string; text: string }[] };

export type MarkdownDocument = { blocks: Block[]; toc: TocEntry[] };

/**
 * The link target to render, or null when the link must become plain text. Allowed: a site path ("/blog",
 * not "//host"), an anchor ("#kop") and http(s)/mailto URLs. Everything else (javascript:, data:, vbscript:,
 * protocol-relative, control characters) is refused.
 */
export function safeHref(raw: string): { href: string; external: boolean } | null {
  const href = raw.trim();
  // Browsers drop tabs and newlines inside URLs ("java\tscript:"); refuse every control character outright.
  if (!href || /[\u0000-\u001f\u007f\s]/.test(href)) return null;
  if (href.startsWith('#')) return /^#[\w-]+$/.test(href) ? { href, external: false } : null;
  if (href.startsWith('/')) return href.startsWith('//') || href.startsWith('/\\') ? null : { href, external: false };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme === 'https' || scheme === 'http') {
    try {
      const url = new URL(href);
      return url.hostname ? { href: url.href, external: true } : null;
    } catch {
      return null;
    }
  }
  if (scheme === 'mailto') return { href, external: true };
  return null;
}

const DIACRITICS = /[\u0300-\u036f]/g;

/** A readable, stable anchor id from heading text: "Wat is THC?" → "wat-is-thc". */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(DIACRITICS, '')
    .toLowerCase()
    .replace(/&/g, ' en ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'sectie';
}

/** The plain text of inline content (for the table of contents and reading time). */
function inlineText(nodes: Inline[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.text : inlineText(n.children))).join('');
}

// ——— Inline ———

const ESCAPABLE = '\\`*_[]()#+-.!>';

function pushText(out: Inline[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

/** Index of the closing delimiter of an emphasis that starts at `from`, or -1. */
function findClose(src: string, delim: string, from: number): number {
  for (let i = from; i < src.length; i++) {
    if (src[i] === '\\') {
      i++;
      continue;
    }
    if (src.startsWith(delim, i)) {
      // "**" must not close a single "*" and vice versa.
      if (delim === '*' && src[i + 1] === '*') {
        const inner = findClose(src, '**', i + 2);
        if (inner === -1) return -1;
        i = inner + 1;
        continue;
      }
      // Closing needs text before it ("* not emphasis *" stays text).
      if (i > from && !/\s/.test(src[i - 1]!)) return i;
    }
  }
  return -1;
}

/** Index of the "]" that closes the "[" at `open`, respecting escapes and nesting. */
function findBracket(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === '[') depth++;
    else if (src[i] === ']' && --depth === 0) return i;
  }
  return -1;
}

export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  let text = '';
  const flush = () => {
    pushText(out, text);
    text = '';
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\' && i + 1 < src.length && ESCAPABLE.includes(src[i + 1]!)) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (c === '*' || c === '_') {
      const delim = c === '*' && src[i + 1] === '*' ? '**' : c;
      const start = i + delim.length;
      // Opening needs text after it; "_" inside a word (snake_case) is not emphasis.
      const opens = start < src.length && !/\s/.test(src[start]!) && !(c === '_' && i > 0 && /\w/.test(src[i - 1]!));
      const close = opens ? findClose(src, delim, start) : -1;
      if (close !== -1 && !(c === '_' && /\w/.test(src[close + 1] ?? ''))) {
        flush();
        out.push({ type: delim === '**' ? 'strong' : 'em', children: parseInline(src.slice(start, close)) });
        i = close + delim.length;
        continue;
      }
    }
    if (c === '[') {
      const end = findBracket(src, i);
      if (end !== -1 && src[end + 1] === '(') {
        const closeParen = src.indexOf(')', end + 2);
        if (closeParen !== -1) {
          flush();
          const children = parseInline(src.slice(i + 1, end));
          const target = safeHref(src.slice(end + 2, closeParen));
          if (target) out.push({ type: 'link', ...target, children });
          // An unsafe target keeps its words and loses the link.
          else
            for (const child of children) {
              if (child.type === 'text') pushText(out, child.text);
              else out.push(child);
            }
          i = closeParen + 1;
          continue;
        }
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

// ——— Blocks ———

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const ORDERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

function parseBlocks(lines: string[], ids: Map<string, number>): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length <= 2 ? 2 : 3;
      const children = parseInline(heading[2]!);
      const base = slugify(inlineText(children));
      const seen = ids.get(base) ?? 0;
      ids.set(base, seen + 1);
      blocks.push({ type: 'heading', level, id: seen ? `${base}-${seen + 1}` : base, children });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) inner.push(QUOTE.exec(lines[i++]!)![1]!);
      // Headings inside a quote would show up in the table of contents: render them as paragraphs.
      const quoted = parseBlocks(inner, new Map()).map((b): Block => (b.type === 'heading' ? { type: 'paragraph', children: b.children } : b));
      blocks.push({ type: 'blockquote', children: quoted });
      continue;
    }
    const listKind = BULLET.test(line) ? BULLET : ORDERED.test(line) ? ORDERED : null;
    if (listKind) {
      const items: string[] = [];
      while (i < lines.length) {
        const l = lines[i]!;
        const item = listKind.exec(l);
        if (item) items.push(item[1]!);
        // An indented line continues the item above it.
        else if (/^\s{2,}\S/.test(l) && items.length) items[items.length - 1] += ` ${l.trim()}`;
        else break;
        i++;
      }
      blocks.push({ type: 'list', ordered: listKind === ORDERED, items: items.map(parseInline) });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length) {
      const l = lines[i]!;
      if (!l.trim() || HEADING.test(l) || QUOTE.test(l) || BULLET.test(l) || (ORDERED.test(l) && para.length === 0)) break;
      para.push(l.trim());
      i++;
    }
    blocks.push({ type: 'paragraph', children: parseInline(para.join(' ')) });
  }
  return blocks;
}

/** The table of contents: every h2, with the h3s under it (an h3 before the first h2 gets its own entry). */
function tableOfContents(blocks: Block[]): TocEntry[] {
  const toc: TocEntry[] = [];
  for (const b of blocks) {
    if (b.type !== 'heading') continue;
    const entry = { id: b.id, text: inlineText(b.children) };
    const parent = toc[toc.length - 1];
    if (b.level === 3 && parent) parent.children.push(entry);
    else toc.push({ ...entry, children: [] });
  }
  return toc;
}

export function parseMarkdown(src: string): MarkdownDocument {
  const blocks = parseBlocks(src.replace(/\r\n?/g, '\n').split('\n'), new Map());
  return { blocks, toc: tableOfContents(blocks) };
}

/** The words a reader sees, without Markdown syntax: blocks separated by a blank line (chat answers, search). */
export function plainText(src: string): string {
  return parseMarkdown(src)
    .blocks.map(function text(b): string {
      if (b.type === 'list') return b.items.map(inlineText).join('\n');
      if (b.type === 'blockquote') return b.children.map(text).join('\n\n');
      return inlineText(b.children);
    })
    .join('\n\n');
}

const WORDS_PER_MINUTE = 200;

/** Reading time in whole minutes (at least 1) for the words a reader sees, without Markdown syntax. */
export function readingMinutes(src: string): number {
  const text = parseMarkdown(src)
    .blocks.flatMap(function words(b): string[] {
      if (b.type === 'list') return b.items.map(inlineText);
      if (b.type === 'blockquote') return b.children.flatMap(words);
      return [inlineText(b.children)];
    })
    .join(' ');
  const count = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(count / WORDS_PER_MINUTE));
}
