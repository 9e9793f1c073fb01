import { describe, expect, it } from 'vitest';
import { countryIn, DEFAULT_COUNTRY_NAMES, emailIn, intentOf, normalise, orderNumberIn, withSynonyms } from './chat.ts';

describe('chat bot: reading a message', () => {
  it('normalises case, accents and punctuation', () => {
    expect(normalise('Wat kóst verzenden naar België?!')).toBe('wat kost verzenden naar belgie');
  });
  it('finds the intent', () => {
    expect(intentOf('Waar is mijn bestelling?')).toBe('order_status');
    expect(intentOf('status KK-7Q4M-9XHD')).toBe('order_status');
    expect(intentOf('Wanneer wordt mijn bestelling verzonden?')).toBe('question');
    expect(intentOf('Kan ik mijn bestelling retourneren?')).toBe('question');
    expect(intentOf('Wat kost verzenden naar België?')).toBe('shipping');
    expect(intentOf('verzending frankrijk')).toBe('shipping');
    expect(intentOf('Is de verpakking discreet?')).toBe('question');
    expect(intentOf('Welke betaalmethoden zijn er?')).toBe('payment');
    expect(intentOf('Ik wil iemand spreken')).toBe('human');
    expect(intentOf('Hoe bewaar ik zaden?')).toBe('question');
  });
  it('reads an order number, an e-mail address and a country', () => {
    expect(orderNumberIn('het is kk-7q4m-9xhd denk ik')).toBe('KK-7Q4M-9XHD');
    expect(orderNumberIn('KK 7Q4M 9XHD')).toBe('KK-7Q4M-9XHD');
    expect(orderNumberIn('geen nummer')).toBeNull();
    expect(emailIn('mijn adres is Sanne@Example.com.')).toBe('sanne@example.com');
    expect(emailIn('sanne at example')).toBeNull();
    expect(countryIn('naar belgië graag', DEFAULT_COUNTRY_NAMES)).toBe('BE');
    expect(countryIn('verzenden naar de VS', DEFAULT_COUNTRY_NAMES)).toBe('US');
    expect(countryIn('vsop', DEFAULT_COUNTRY_NAMES)).toBeNull();
  });
  it('adds the FAQ words for a shopper word, keeping what was typed', () => {
    expect(withSynonyms('Terugsturen mogelijk?')).toBe('terugsturen mogelijk retourneren');
    expect(withSynonyms('hoe bewaar ik zaden')).toBe('hoe bewaar ik zaden');
  });
});
