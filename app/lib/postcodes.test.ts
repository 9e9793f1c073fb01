import { describe, expect, it } from 'vitest';
import { countrySeeds, regionSeeds } from '~/db/seed/regions.ts';
import { checkout } from '~/i18n/nl/checkout.ts';
import { addressSchema } from '~/lib/addresses.schemas.ts';
import { normalisePostcode, POSTCODE_COUNTRIES } from '~/lib/postcodes.ts';

// Per country: postcodes as people type them -> as the post writes them, and ones that are not postcodes there.
const cases: Record<string, { good: [string, string][]; bad: string[] }> = {
  NL: { good: [['1234 AB', '1234 AB'], ['1234ab', '1234 AB'], [' 3811  cd ', '3811 CD']], bad: ['0123 AB', '1234 SA', '12345', '1234 A', 'SW1A 1AA'] },
  BE: { good: [['1000', '1000'], ['9000', '9000']], bad: ['0999', '10000', '1234 AB'] },
  LU: { good: [['1234', '1234'], ['L-1234', '1234']], bad: ['123', '12345'] },
  DE: { good: [['10115', '10115'], ['01067', '01067']], bad: ['1011', '101155', '1234 AB'] },
  FR: { good: [['75001', '75001']], bad: ['7500', 'F-75001'] },
  MC: { good: [['98000', '98000']], bad: ['75001', '9800'] },
  AT: { good: [['1010', '1010']], bad: ['0101', '10100'] },
  DK: { good: [['1050', '1050'], ['DK-1050', '1050']], bad: ['0500', '10500'] },
  IE: { good: [['D02 X285', 'D02 X285'], ['a65f4e2', 'A65 F4E2'], ['D6W 1234', 'D6W 1234']], bad: ['D02', 'B02 X285', '12345'] },
  ES: { good: [['28001', '28001'], ['01001', '01001']], bad: ['53001', '00100', '2800'] },
  PT: { good: [['1000-001', '1000-001'], ['1000 001', '1000-001']], bad: ['1000', '0100-001'] },
  IT: { good: [['00184', '00184']], bad: ['0018', '001844'] },
  GR: { good: [['105 57', '105 57'], ['10557', '105 57']], bad: ['1055', '105 577'] },
  FI: { good: [['00100', '00100'], ['FI-00100', '00100']], bad: ['0010'] },
  SE: { good: [['111 22', '111 22'], ['11122', '111 22'], ['SE-111 22', '111 22']], bad: ['011 22', '1112'] },
  PL: { good: [['00-950', '00-950'], ['00950', '00-950']], bad: ['0095', '00-9500'] },
  CZ: { good: [['110 00', '110 00'], ['11000', '110 00']], bad: ['1100'] },
  SK: { good: [['811 01', '811 01']], bad: ['81101 1'] },
  SI: { good: [['1000', '1000'], ['SI-1000', '1000']], bad: ['0100', '10000'] },
  HR: { good: [['10000', '10000'], ['HR-10000', '10000']], bad: ['1000'] },
  EE: { good: [['10111', '10111']], bad: ['1011'] },
  LV: { good: [['LV-1010', 'LV-1010'], ['1010', 'LV-1010'], ['lv 1010', 'LV-1010']], bad: ['10100', 'LT-1010'] },
  LT: { good: [['LT-01100', 'LT-01100'], ['01100', 'LT-01100']], bad: ['0110', 'LV-01100'] },
  MT: { good: [['VLT 1117', 'VLT 1117'], ['vlt1117', 'VLT 1117']], bad: ['VL 1117', '1117'] },
  CY: { good: [['1010', '1010']], bad: ['10100'] },
  CH: { good: [['8001', '8001'], ['CH-8001', '8001']], bad: ['0800', '80010'] },
  LI: { good: [['9490', '9490'], ['FL-9490', '9490']], bad: ['9484', '8001'] },
  GB: { good: [['SW1A 1AA', 'SW1A 1AA'], ['sw1a1aa', 'SW1A 1AA'], ['M1 1AE', 'M1 1AE'], ['B33 8TH', 'B33 8TH'], ['EC1A 1BB', 'EC1A 1BB']], bad: ['SW1A', '1234 AB', '12345'] },
  US: { good: [['12345', '12345'], ['12345-6789', '12345-6789'], ['123456789', '12345-6789']], bad: ['1234', '12345-678', 'K1A 0B1'] },
  CA: { good: [['K1A 0B1', 'K1A 0B1'], ['k1a0b1', 'K1A 0B1']], bad: ['W1A 0B1', 'K1A 0D1', '12345'] },
  AU: { good: [['2000', '2000']], bad: ['200', '20000'] },
  NZ: { good: [['6011', '6011']], bad: ['601', '60111'] },
};

describe('normalisePostcode', () => {
  it('has a rule, cases and a Dutch message for every country a region of the seed ships to', () => {
    const shipped = [...new Set(regionSeeds.flatMap((r) => r.countries))].sort();
    expect(shipped).toEqual(countrySeeds.map((c) => c.iso).sort());
    expect([...POSTCODE_COUNTRIES].sort()).toEqual(shipped);
    expect(Object.keys(cases).sort()).toEqual(shipped);
    for (const iso of shipped) expect(checkout.errors.postalCodeFor[iso], iso).toMatch(/^Vul een geldige \S+ postcode in, zoals .+\.$/);
  });

  for (const [iso, { good, bad }] of Object.entries(cases)) {
    it(`${iso}: accepts and writes ${good.map(([, out]) => out).join(', ')}; refuses ${bad.join(', ')}`, () => {
      for (const [input, out] of good) expect(normalisePostcode(iso, input), `${iso} ${input}`).toBe(out);
      for (const input of bad) expect(normalisePostcode(iso, input), `${iso} ${input}`).toBeNull();
    });
  }

  it('the example in each message is a postcode of that country', () => {
    for (const iso of POSTCODE_COUNTRIES) {
      const example = /zoals (.+?)(?: of .+)?\.$/.exec(checkout.errors.postalCodeFor[iso]!)![1]!;
      expect(normalisePostcode(iso, example), iso).toBe(example);
    }
  });

  it('a country without a rule gets the generic check', () => {
    expect(normalisePostcode('JP', ' 100-0001 ')).toBe('100-0001');
    expect(normalisePostcode('JP', '<b>')).toBeNull();
  });
});

describe('addressSchema and the postcode', () => {
  const address = (country: string, postalCode: string) => ({
    firstName: 'Sanne',
    lastName: 'de Vries',
    phone: '0612345678',
    line1: 'Dorpsstraat 3',
    city: 'Amersfoort',
    postalCode,
    country,
  });
  it('anything posted is answered with messages, never an exception', () => {
    for (const v of [null, 'x', {}, { postalCode: '1234' }, { country: 'NL' }, { postalCode: 5, country: 3 }]) expect(addressSchema.safeParse(v).success).toBe(false);
  });
  it('stores the postcode as the country writes it', () => {
    expect(addressSchema.parse(address('NL', '3811cd')).postalCode).toBe('3811 CD');
    expect(addressSchema.parse(address('gb', 'sw1a1aa')).postalCode).toBe('SW1A 1AA');
  });
  it('refuses a postcode of another country, with the country’s message on the postcode field', () => {
    const r = addressSchema.safeParse(address('DE', '1234 AB'));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['postalCode', 'Vul een geldige Duitse postcode in, zoals 10115.']]);
  });
  it('shows the postcode message together with the other fields’ messages, and “verplicht” alone when empty', () => {
    const r = addressSchema.safeParse({ ...address('NL', '12345'), city: '' });
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['city', 'postalCode']);
    const empty = addressSchema.safeParse(address('NL', ''));
    expect(empty.error?.issues.map((i) => i.message)).toEqual([checkout.errors.postalCode]);
  });
});
