import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { HydrateOnVisible } from '~/components/hydrate-on-visible.tsx';
import { PartMemoProvider, useAddressWith, useFormAddress } from '~/components/part-memo.tsx';
import { clearPartMemo, markedParts, partMemo } from './part-memo.server.ts';

function Card({ name }: { name: string }) {
  return (
    <article>
      <h3>{name}</h3>
      <Link to={useAddressWith('regio')}>regio</Link>
      <ul>
        <li>
          <input type="hidden" name="redirectTo" value={useFormAddress()} />
        </li>
      </ul>
    </article>
  );
}

/** A page of kept cards at `address`, as entry.server renders and finishes it. */
function page(address: string, names: string[], render: (name: string) => string = (n) => n, kept = true) {
  const parts = partMemo();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ul>
            {names.map((n) => (
              <HydrateOnVisible as="li" key={n} until="used" memo={`card:${n}`}>
                <Card name={render(n)} />
              </HydrateOnVisible>
            ))}
          </ul>
        ),
      },
    ],
    { initialEntries: [address] },
  );
  const html = renderToString(
    <PartMemoProvider value={kept ? parts : null}>
      <RouterProvider router={router} />
    </PartMemoProvider>,
  );
  return parts.finish(Buffer.from(html)).toString();
}

describe('kept HTML of static parts (ADR 069)', () => {
  beforeEach(() => clearPartMemo());

  it('renders a part once and reuses its HTML, with this page’s address in it', () => {
    const first = page('/product?soort=autoflower', ['a', 'b']);
    expect(first).toContain('<h3>a</h3>');
    expect(first).toContain('value="/product?soort=autoflower"');
    expect(first).not.toContain('data-part-memo');
    expect(first).not.toContain('kk-address');
    // Kept: what the part would render now no longer counts, and the address is this page's (escaped as React does).
    const second = page('/product?q="x"&y', ['a', 'b'], (n) => `${n} changed`);
    expect(second).toContain('<h3>a</h3>');
    expect(second).not.toContain('changed');
    expect(second).toContain('value="/product?q=&quot;x&quot;&amp;y"');
    expect(second).toBe(page('/product?q="x"&y', ['a', 'b'], (n) => n, false));
  });

  it('fills a link back to the page with a parameter set as the component writes it', () => {
    page('/', ['a']);
    for (const address of ['/collecties/hoog-thc', '/product?soort=autoflower&regio=0', '/account?x=%22%3C&y=<\'>']) {
      const kept = page(address, ['a']);
      expect(kept).toBe(page(address, ['a'], (n) => n, false));
      expect(kept).toContain('regio=1');
    }
  });

  it('a part with another key is rendered anew', () => {
    page('/', ['a']);
    expect(page('/', ['a', 'c'], (n) => `${n}!`)).toMatch(/<h3>a<\/h3>.*<h3>c!<\/h3>/);
  });

  it('finds a marked part’s end past the same tag nested in it', () => {
    const html = '<ul><li class="x" data-part-memo="0"><ul><li>1</li><li>2</li></ul></li><li data-part-memo="1">3</li></ul>';
    expect([...markedParts(html)]).toEqual([
      [0, '<ul><li>1</li><li>2</li></ul>'],
      [1, '3'],
    ]);
  });
});
