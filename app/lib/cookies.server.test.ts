import { parse } from 'cookie';
import { describe, expect, it } from 'vitest';
import { configureCookieSigning, flashCookie, readFlash } from './cookies.server.ts';

const requestWith = (cookie: string) => new Request('https://kiemkracht.test/', { headers: { cookie } });
const valueOf = (setCookie: string) => parse(setCookie).flash!;

describe('flash cookie', () => {
  configureCookieSigning('test-secret');
  const set = flashCookie(new Request('https://kiemkracht.test/'), { title: 'Toegevoegd aan je winkelwagen' });

  it('reads back what the shop signed', () => {
    expect(readFlash(requestWith(`flash=${encodeURIComponent(valueOf(set))}`))).toMatchObject({ title: 'Toegevoegd aan je winkelwagen' });
  });

  it('ignores a changed, unsigned or foreign message', () => {
    const tampered = valueOf(set).replace('Toegevoegd', 'Gratis');
    expect(readFlash(requestWith(`flash=${encodeURIComponent(tampered)}`))).toBeNull();
    expect(readFlash(requestWith(`flash=${encodeURIComponent(JSON.stringify({ id: 'x', title: 'Bel dit nummer' }))}`))).toBeNull();
    configureCookieSigning('another-shop');
    expect(readFlash(requestWith(`flash=${encodeURIComponent(valueOf(set))}`))).toBeNull();
    configureCookieSigning('test-secret');
  });
});
