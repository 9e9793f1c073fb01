import { describe, expect, it } from 'vitest';
import { returnPath } from './addresses.ts';

describe('returnPath (where the address form goes back to)', () => {
  it('keeps a same-site path with its query', () => {
    expect(returnPath('/checkout')).toBe('/checkout');
    expect(returnPath('/checkout?verzendadres=3')).toBe('/checkout?verzendadres=3');
  });

  it('refuses other sites, schemes, protocol-relative and mangled paths, and non-strings', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/\u0000//evil', 'checkout', '', null, 42]) {
      expect(returnPath(bad), String(bad)).toBeNull();
    }
  });
});
