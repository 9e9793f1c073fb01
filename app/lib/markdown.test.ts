import { describe, expect, it } from 'vitest';
import { type Inline, parseInline, parseMarkdown, readingMinutes, safeHref, slugify } from './markdown.ts';

const text = (t: string): Inline => ({ type: 'text', text: t });

describe('safeHref', () => {
  it('allows site paths, anchors and http(s)/mailto URLs', () => {
    expect(safeHref('/product/skunk-1')).toEqual({ href: '/product/skunk-1', external: false });
    expect(safeHref('#bewaren')).toEqual({ href: '#bewaren', external: false });
    expect(safeHref('https://www.rijksoverheid.nl/onderwerpen/drugs')).toEqual({ href: 'https://www.rijksoverheid.nl/onderwerpen/drugs', external: true });
    expect(safeHref('mailto:redactie@kiemkracht.nl')).toEqual({ href: 'mailto:redactie@kiemkracht.nl', external: true });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/pad',
    '/\\evil.example',
    'https://',
    '#"><script>',
    'relatief/pad',
    '',
  ])('refuses %j', (href) => {
    expect(safeHref(href)).toBeNull();
  });
});

describe('slugify', () => {
  it('makes readable ids without accents or punctuation', () => {
    expect(slugify('Wat is THC?')).toBe('wat-is-thc');
    expect(slugify('Geur & smaak: één overzicht')).toBe('geur-en-smaak-een-overzicht');
    expect(slugify('???')).toBe('sectie');
  });
});

describe('parseInline', () => {
  it('parses bold, italic and links, nested', () => {
    expect(parseInline('een **vet** en *schuin* en _ook schuin_ woord')).toEqual([
      text('een '),
      { type: 'strong', children: [text('vet')] },
      text(' en '),
      { type: 'em', children: [text('schuin')] },
      text(' en '),
      { type: 'em', children: [text('ook schuin')] },
      text(' woord'),
    ]);
    expect(parseInline('zie [**Skunk #1**](/product/skunk-1).')).toEqual([
      text('zie '),
      { type: 'link', href: '/product/skunk-1', external: false, children: [{ type: 'strong', children: [text('Skunk #1')] }] },
      text('.'),
    ]);
  });

  it('keeps HTML as text: it is never markup', () => {
    expect(parseInline('<script>alert(1)</script> & <b onclick="x">')).toEqual([text('<script>alert(1)</script> & <b onclick="x">')]);
  });

  it('turns a link with an unsafe target into its text', () => {
    // The target ends at the first ')': the rest of the source stays text.
    expect(parseInline('klik [hier](javascript:alert(1)) nu')).toEqual([text('klik hier) nu')]);
    expect(parseInline('[hier](javascript:void) nu')).toEqual([text('hier nu')]);
    expect(parseInline('[**vet**](data:text/html,x)')).toEqual([{ type: 'strong', children: [text('vet')] }]);
  });

  it('leaves lone or spaced markers, escapes and snake_case alone', () => {
    expect(parseInline('2 * 3 * 4')).toEqual([text('2 * 3 * 4')]);
    expect(parseInline('\\*geen nadruk\\*')).toEqual([text('*geen nadruk*')]);
    expect(parseInline('een snake_case_naam')).toEqual([text('een snake_case_naam')]);
    expect(parseInline('**open zonder einde')).toEqual([text('**open zonder einde')]);
    expect(parseInline('[geen link] (ook niet)')).toEqual([text('[geen link] (ook niet)')]);
  });

  it('does not let ** close a single *', () => {
    expect(parseInline('*schuin met **vet** erin*')).toEqual([
      { type: 'em', children: [text('schuin met '), { type: 'strong', children: [text('vet')] }, text(' erin')] },
    ]);
  });
});

describe('parseMarkdown', () => {
  const doc = parseMarkdown(
    [
      'Intro met een regel',
      'die doorloopt.',
      '',
      '## Temperatuur',
      '',
      'Koel bewaren.',
      '',
      '### In de koelkast',
      '- eerste punt',
      '- tweede punt',
      '  loopt door',
      '',
      '1. stap een',
      '2. stap twee',
      '',
      '> Een citaat',
      '> ## met een kop',
      '',
      '## Temperatuur',
      '#### Diep',
      '<img src=x onerror=alert(1)>',
    ].join('\n'),
  );

  it('builds paragraphs, headings with unique ids, lists and quotes', () => {
    expect(doc.blocks).toEqual([
      { type: 'paragraph', children: [text('Intro met een regel die doorloopt.')] },
      { type: 'heading', level: 2, id: 'temperatuur', children: [text('Temperatuur')] },
      { type: 'paragraph', children: [text('Koel bewaren.')] },
      { type: 'heading', level: 3, id: 'in-de-koelkast', children: [text('In de koelkast')] },
      { type: 'list', ordered: false, items: [[text('eerste punt')], [text('tweede punt loopt door')]] },
      { type: 'list', ordered: true, items: [[text('stap een')], [text('stap twee')]] },
      {
        type: 'blockquote',
        children: [
          { type: 'paragraph', children: [text('Een citaat')] },
          { type: 'paragraph', children: [text('met een kop')] },
        ],
      },
      { type: 'heading', level: 2, id: 'temperatuur-2', children: [text('Temperatuur')] },
      { type: 'heading', level: 3, id: 'diep', children: [text('Diep')] },
      { type: 'paragraph', children: [text('<img src=x onerror=alert(1)>')] },
    ]);
  });

  it('builds the table of contents from h2 and h3', () => {
    expect(doc.toc).toEqual([
      { id: 'temperatuur', text: 'Temperatuur', children: [{ id: 'in-de-koelkast', text: 'In de koelkast' }] },
      { id: 'temperatuur-2', text: 'Temperatuur', children: [{ id: 'diep', text: 'Diep' }] },
    ]);
  });

  it('gives an h3 before any h2 its own entry', () => {
    expect(parseMarkdown('### Los\n## Kop').toc).toEqual([
      { id: 'los', text: 'Los', children: [] },
      { id: 'kop', text: 'Kop', children: [] },
    ]);
  });
});

describe('readingMinutes', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `woord${i}`).join(' ');
  it('counts about 200 words a minute, rounded up, at least one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(1000))).toBe(5);
  });

  it('does not count Markdown syntax as words', () => {
    const marked = Array.from({ length: 50 }, () => '## kop\n\n- **a** b\n- [c](/d) *e*\n\n> f').join('\n\n');
    // 6 words per repetition: kop a b c e f → 300 words.
    expect(readingMinutes(marked)).toBe(2);
    expect(readingMinutes(Array.from({ length: 250 }, () => '- * -').join('\n'))).toBe(1);
  });
});
