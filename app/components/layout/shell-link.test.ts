import { describe, expect, it } from 'vitest';
import { isCurrent } from './shell-link.tsx';

describe('isCurrent (aria-current of a shell link, as <NavLink> without `end`)', () => {
  it('marks the page itself and the pages below it, not a page that only starts with the same letters', () => {
    expect(isCurrent('/blog', '/blog')).toBe(true);
    expect(isCurrent('/blog', '/blog/kiemen')).toBe(true);
    expect(isCurrent('/blog', '/blogger')).toBe(false);
    expect(isCurrent('/kortingscodes', '/blog')).toBe(false);
    // The home page would otherwise be the current page everywhere.
    expect(isCurrent('/', '/blog')).toBe(false);
    expect(isCurrent('/', '/')).toBe(true);
  });
});
