import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SnapshotContext } from '~/components/server-snapshot.tsx';
import { Header } from '~/components/layout/header.tsx';
import { PanelsProvider } from '~/components/layout/panels-context.tsx';
import { Footer } from '~/shell/footer.tsx';
import { relocate, snapshot } from './snapshot.server.tsx';

const shop = {
  logoAlt: 'Kiemkracht',
  region: { code: 'nl', name: 'Nederland' },
  currency: { iso_code: 'EUR', symbol: '€' },
  year: 2026,
  categories: [
    { name: 'Hoog THC', url: '/collecties/hoog-thc' },
    { name: 'Autoflower', url: '/collecties/autoflower' },
  ],
  regions: [],
};

// The footer (or header) at `url`, rendered by React as a page does, or through the snapshot (once per settings, then
// reused).
function footerAt(url: string, withSnapshot: boolean, Part: () => React.ReactNode = Footer) {
  const Stub = createRoutesStub([{ id: 'root', path: '*', Component: () => <Part /> }]);
  const html = renderToString(
    <SnapshotContext value={withSnapshot ? snapshot : null}>
      <Stub initialEntries={[url]} hydrationData={{ loaderData: { root: shop } }} />
    </SnapshotContext>,
  );
  // React's marks for hydration (never used: the footer is not hydrated, ADR 048) and the ids of useId, which differ
  // between two renders of one tree by design.
  return html.replace(/<!--\/?\$?-->|<!-- -->/g, '').replace(/(for|id|aria-describedby)="[^"]*-(email|status)"/g, '$1="ID-$2"');
}

describe('the footer snapshot', () => {
  // The sign-up's code loads at start; until then the footer is rendered, not snapshotted.
  beforeAll(() => vi.waitFor(() => expect(footerAt('/start', true)).toContain('data-testid="newsletter-footer"')));

  it.each([
    '/',
    '/besteloverzicht',
    '/product?soort=autoflower&thc-min=15&sorteer=prijs-laag',
    '/product?q=haze kush&regio=1',
    '/nieuwsbrief',
    '/product/northern-lights?x="<&>"',
  ])('is the footer React renders at %s', (url) => {
    const direct = footerAt(url, false);
    const snapped = footerAt(url, true);
    expect(snapped).toBe(direct);
    expect(snapped.includes('data-testid="newsletter-footer"')).toBe(!url.startsWith('/nieuwsbrief'));
  });

  const header = () => (
    <PanelsProvider>
      <Header />
    </PanelsProvider>
  );
  it.each(['/', '/blog', '/blog/haze-sativa-legende', '/blogger', '/ons-verhaal', '/kortingscodes?x=1', '/collecties/hoog-thc'])(
    "the main menu's snapshot is the menu React renders at %s, where it marks the current page",
    (url) => {
      const snapped = footerAt(url, true, header);
      expect(snapped).toBe(footerAt(url, false, header));
      expect(snapped.match(/aria-current="page"/g)?.length ?? 0).toBe(/^\/(blog|ons-verhaal|kortingscodes)(\/|\?|$)/.test(url) ? 1 : 0);
    },
  );

  it('puts the page in place of the stand-in, escaped, keeping its other parameters', () => {
    const html = '<a href="/__kk_plaats__?regio=1"></a><a href="/__kk_plaats__?cookies=1"></a><input value="/__kk_plaats__"/>';
    expect(relocate(html, { pathname: '/product', search: '?q=a b&soort=x' })).toBe(
      '<a href="/product?q=a+b&amp;soort=x&amp;regio=1"></a><a href="/product?q=a+b&amp;soort=x&amp;cookies=1"></a><input value="/product?q=a b&amp;soort=x"/>',
    );
    expect(relocate(html, { pathname: '/', search: '?regio=2' })).toContain('href="/?regio=1"');
  });
});
