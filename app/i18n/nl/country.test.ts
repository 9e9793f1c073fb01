import { describe, expect, it } from 'vitest';
import { countryInSentence } from './country.ts';

describe('a country in a sentence', () => {
  it('takes the article its name needs', () => {
    expect(countryInSentence('Verenigd Koninkrijk')).toBe('het Verenigd Koninkrijk');
    expect(countryInSentence('Verenigde Staten')).toBe('de Verenigde Staten');
    expect(countryInSentence('Dominicaanse Republiek')).toBe('de Dominicaanse Republiek');
    expect(countryInSentence('België')).toBe('België');
    expect(countryInSentence('Nieuw-Zeeland')).toBe('Nieuw-Zeeland');
    expect(countryInSentence('de Verenigde Staten')).toBe('de Verenigde Staten');
  });
});
