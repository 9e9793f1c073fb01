import { describe, expect, it } from 'vitest';
import { checkout } from '~/i18n/nl/checkout.ts';
import {
  forgetGuestAddressIn,
  type GuestAddress,
  guestAddressInRegion,
  guestAddressKey,
  MAX_GUEST_ADDRESSES,
  readGuestAddresses,
  rememberGuestAddress,
  sanitiseGuestAddress,
  sanitiseGuestAddresses,
  withGuestAddress,
} from './guest-address.ts';

/** A Storage in memory (the unit tests run in Node); `blocked` throws like a browser with storage switched off. */
class MemoryStorage implements Storage {
  items = new Map<string, string>();
  constructor(private blocked = false) {}
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    if (this.blocked) throw new DOMException('blocked', 'SecurityError');
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    if (this.blocked) throw new DOMException('blocked', 'SecurityError');
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.blocked) throw new DOMException('blocked', 'SecurityError');
    this.items.set(key, value);
  }
}

const address = (line1: string, email = 'sanne@example.com', city = 'Amsterdam'): GuestAddress => ({
  email,
  shipping: { firstName: 'Sanne', lastName: 'de Vries', phone: '+31 6 12345678', line1, line2: '', city, postalCode: '1015 CJ', country: 'NL', state: '' },
});

describe('guest addresses: the list', () => {
  it('puts the newest first, drops an earlier copy of the same address and keeps at most three', () => {
    let list: GuestAddress[] = [];
    for (const street of ['Keizersgracht 1', 'Oudegracht 200', 'Meir 12']) list = withGuestAddress(list, address(street));
    expect(list.map((a) => a.shipping.line1)).toEqual(['Meir 12', 'Oudegracht 200', 'Keizersgracht 1']);
    // The same address again (other case and spacing): moved to the front, not doubled.
    list = withGuestAddress(list, address('  keizersgracht   1 ', 'SANNE@example.com'));
    expect(list.map((a) => a.shipping.line1)).toEqual(['  keizersgracht   1 ', 'Meir 12', 'Oudegracht 200']);
    list = withGuestAddress(list, address('Damrak 5'));
    expect(list).toHaveLength(MAX_GUEST_ADDRESSES);
    expect(list.map((a) => a.shipping.line1)).toEqual(['Damrak 5', '  keizersgracht   1 ', 'Meir 12']);
  });

  it('another e-mail with the same street is another entry', () => {
    const list = withGuestAddress([address('Keizersgracht 1')], address('Keizersgracht 1', 'joris@example.com'));
    expect(list).toHaveLength(2);
  });

  it('sanitises stored values: unknown fields dropped, non-strings emptied, long values cut, incomplete entries skipped', () => {
    const clean = sanitiseGuestAddress({
      email: 'x'.repeat(400),
      shipping: { ...address('Keizersgracht 1').shipping, line2: 42, evil: '<script>', city: 'A'.repeat(300) },
      extra: true,
    });
    expect(clean?.email).toHaveLength(254);
    expect(clean?.shipping.line2).toBe('');
    expect(clean?.shipping.city).toHaveLength(254);
    expect(Object.keys(clean!.shipping)).not.toContain('evil');
    expect(sanitiseGuestAddress({ email: 'a@b.nl', shipping: { firstName: 'A', city: 'B' } })).toBeNull();
    expect(sanitiseGuestAddress('nonsense')).toBeNull();
    expect(sanitiseGuestAddresses({ not: 'a list' })).toEqual([]);
    const list = sanitiseGuestAddresses([null, address('A 1'), 5, address('A 1'), address('B 2'), address('C 3'), address('D 4')]);
    expect(list.map((a) => a.shipping.line1)).toEqual(['A 1', 'B 2', 'C 3']);
  });
});

describe('guest addresses: in storage', () => {
  it('remembers, reads back and forgets one', () => {
    const storage = new MemoryStorage();
    expect(readGuestAddresses(storage)).toEqual([]);
    rememberGuestAddress(storage, address('Keizersgracht 1'));
    rememberGuestAddress(storage, address('Oudegracht 200'));
    const list = readGuestAddresses(storage);
    expect(list.map((a) => a.shipping.line1)).toEqual(['Oudegracht 200', 'Keizersgracht 1']);
    expect(forgetGuestAddressIn(storage, guestAddressKey(list[0]!)).map((a) => a.shipping.line1)).toEqual(['Keizersgracht 1']);
    expect(readGuestAddresses(storage).map((a) => a.shipping.line1)).toEqual(['Keizersgracht 1']);
    forgetGuestAddressIn(storage, guestAddressKey(list[1]!));
    expect(readGuestAddresses(storage)).toEqual([]);
    expect(storage.length).toBe(0);
  });

  it('moves the single address of the old key into the list, after the newer ones, and removes the old key', () => {
    const storage = new MemoryStorage();
    storage.setItem('kk-checkout-address', JSON.stringify(address('Keizersgracht 1')));
    expect(readGuestAddresses(storage).map((a) => a.shipping.line1)).toEqual(['Keizersgracht 1']);
    expect(storage.getItem('kk-checkout-address')).toBeNull();

    const both = new MemoryStorage();
    both.setItem('kk-checkout-addresses', JSON.stringify([address('Meir 12')]));
    both.setItem('kk-checkout-address', JSON.stringify(address('Keizersgracht 1')));
    expect(readGuestAddresses(both).map((a) => a.shipping.line1)).toEqual(['Meir 12', 'Keizersgracht 1']);
    expect(readGuestAddresses(both).map((a) => a.shipping.line1)).toEqual(['Meir 12', 'Keizersgracht 1']);
  });

  it('a broken value or blocked storage means nothing remembered, never an error', () => {
    const broken = new MemoryStorage();
    broken.setItem('kk-checkout-addresses', '{not json');
    broken.setItem('kk-checkout-address', '"just a string"');
    expect(readGuestAddresses(broken)).toEqual([]);
    const blocked = new MemoryStorage(true);
    expect(readGuestAddresses(blocked)).toEqual([]);
    expect(() => rememberGuestAddress(blocked, address('Keizersgracht 1'))).not.toThrow();
    expect(forgetGuestAddressIn(blocked, 'x')).toEqual([]);
  });
});

describe('guest addresses: the region (SPEC §5)', () => {
  const dorpsstraat: GuestAddress = { email: 'sanne@example.com', shipping: { ...address('Dorpsstraat 3').shipping, postalCode: '1234 AB', city: 'Amersfoort' } };
  it('an address is usable only in a region that ships to its country, whatever the case or spacing', () => {
    expect(guestAddressInRegion(dorpsstraat, ['NL', 'BE'])).toBe(true);
    expect(guestAddressInRegion({ ...dorpsstraat, shipping: { ...dorpsstraat.shipping, country: ' nl ' } }, ['NL', 'BE'])).toBe(true);
    expect(guestAddressInRegion(dorpsstraat, ['DE'])).toBe(false);
    expect(guestAddressInRegion(dorpsstraat, [])).toBe(false);
  });
  it('says why in Dutch: the countries of a small region, or the one it does not ship to', () => {
    const t = checkout.previous;
    expect(t.outsideRegion('Nederland', 'Duitsland', ['Duitsland'])).toBe('Dit adres ligt in Nederland; in de regio Duitsland verzenden we alleen naar Duitsland.');
    expect(t.outsideRegion('Nederland', 'Frankrijk', ['Frankrijk', 'Monaco'])).toBe('Dit adres ligt in Nederland; in de regio Frankrijk verzenden we alleen naar Frankrijk en Monaco.');
    expect(t.outsideRegion('Zwitserland', 'Europa', ['België', 'Duitsland', 'Frankrijk', 'Nederland'])).toBe('Dit adres ligt in Zwitserland; in de regio Europa verzenden we niet naar Zwitserland.');
    // A country whose name takes an article keeps it in the sentence.
    expect(t.outsideRegion('Verenigd Koninkrijk', 'Europa', ['België', 'Duitsland', 'Frankrijk', 'Nederland'])).toBe(
      'Dit adres ligt in het Verenigd Koninkrijk; in de regio Europa verzenden we niet naar het Verenigd Koninkrijk.',
    );
    expect(t.outsideRegion('Nederland', 'Verenigde Staten', ['Verenigde Staten'])).toBe('Dit adres ligt in Nederland; in de regio Verenigde Staten verzenden we alleen naar de Verenigde Staten.');
  });
});
