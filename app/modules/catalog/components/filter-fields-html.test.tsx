import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FilterGroup } from '~/lib/settings.ts';
import { filterFieldsHtml } from './filter-fields-html.ts';
import { FilterFields } from './product-listing.tsx';

const groups: FilterGroup[] = [
  {
    id: 'identity',
    name: 'Soort',
    kind: 'options',
    param: 'soort',
    filters: [
      { id: 'feminized', name: 'Feminized', public: true },
      { id: 'autoflower', name: 'Autoflower', public: true },
    ],
  },
  { id: 'thc', name: 'THC', kind: 'min', param: 'thc-min', filters: [{ id: '15', name: 'Vanaf 15%', public: true }, { id: '20', name: 'Vanaf 20%', public: true }] },
  { id: 'flavour', name: `Smaak & "geur"`, kind: 'options', param: 'smaak', filters: [{ id: 'tropisch fruit', name: `Tropisch <fruit>`, public: true }] },
] as FilterGroup[];

// Attribute order is not markup: React writes some attributes of an input in its own order.
const normal = (html: string) =>
  html.replace(/<!-- -->/g, '').replace(/<([a-z]+) ([^>]*?)(\/?)>/g, (_, tag: string, attrs: string, close: string) => `<${tag} ${[...attrs.matchAll(/[\w-]+="[^"]*"/g)].map((m) => m[0]).sort().join(' ')}${close}>`);

function reactHtml(search: string, clearHref: string | null) {
  const Stub = createRoutesStub([{ path: '/product', Component: () => <FilterFields groups={groups} params={new URLSearchParams(search)} clearHref={clearHref} /> }]);
  return renderToString(<Stub initialEntries={[`/product?${search}`]} />);
}

describe('filterFieldsHtml', () => {
  for (const [search, clearHref] of [
    ['', null],
    ['soort=autoflower,feminized&thc-min=20&smaak=tropisch+fruit', '/product'],
    ['q=a%26b&thc-min=15', '/product?q=a%26b'],
  ] as const)
    it(`is React's markup for ?${search}`, () => {
      const expected = reactHtml(search, clearHref);
      expect(expected).toContain('<fieldset>');
      expect(normal(filterFieldsHtml(groups, new URLSearchParams(search), clearHref))).toBe(normal(expected));
    });
});
