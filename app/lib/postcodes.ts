// Postcodes per country: one rule for every country a region ships to (app/db/seed/regions.ts). A rule
// matches the postcode with spaces and hyphens taken out and upper-cased, then writes it the way the
// country's post writes it ("1234ab" -> "1234 AB", "sw1a1aa" -> "SW1A 1AA"). Pure, so the address schema
// (server) and its tests use the same code.

type Rule = { pattern: RegExp; format: (m: RegExpExecArray) => string };

/** `n` digits, optionally after the country's letters ("DK-1050" -> "1050"); `nonZero`: never starts with 0. */
const digits = (n: number, prefix = '', nonZero = false): Rule => ({
  pattern: new RegExp(`^(?:${prefix})?(${nonZero ? '[1-9]' : '\\d'}\\d{${n - 1}})$`),
  format: (m) => m[1]!,
});
/** Two groups written with a separator between them. */
const split = (pattern: RegExp, sep: string): Rule => ({ pattern, format: (m) => `${m[1]}${sep}${m[2]}` });
/** A country prefix that is part of the written form (Latvia "LV-1010", Lithuania "LT-01100"). */
const prefixed = (prefix: string, n: number): Rule => ({ pattern: new RegExp(`^(?:${prefix})?(\\d{${n}})$`), format: (m) => `${prefix}-${m[1]}` });

const RULES: Record<string, Rule> = {
  // 1234 AB; SA, SD and SS are never issued.
  NL: split(/^([1-9]\d{3})(?!SA|SD|SS)([A-Z]{2})$/, ' '),
  BE: digits(4, '', true),
  LU: digits(4, 'L'),
  DE: digits(5),
  FR: digits(5),
  MC: { pattern: /^(980\d{2})$/, format: (m) => m[1]! },
  AT: digits(4, '', true),
  DK: digits(4, 'DK', true),
  // Eircode: routing key and unique identifier, "D02 X285".
  IE: split(/^([AC-FHKNPRTV-Y]\d{2}|D6W)([0-9AC-FHKNPRTV-Y]{4})$/, ' '),
  ES: { pattern: /^((?:0[1-9]|[1-4]\d|5[0-2])\d{3})$/, format: (m) => m[1]! },
  PT: split(/^([1-9]\d{3})(\d{3})$/, '-'),
  IT: digits(5),
  GR: split(/^(\d{3})(\d{2})$/, ' '),
  FI: digits(5, 'FI'),
  SE: split(/^(?:SE)?([1-9]\d{2})(\d{2})$/, ' '),
  PL: split(/^(\d{2})(\d{3})$/, '-'),
  CZ: split(/^(\d{3})(\d{2})$/, ' '),
  SK: split(/^(\d{3})(\d{2})$/, ' '),
  SI: digits(4, 'SI', true),
  HR: digits(5, 'HR'),
  EE: digits(5),
  LV: prefixed('LV', 4),
  LT: prefixed('LT', 5),
  MT: split(/^([A-Z]{3})(\d{4})$/, ' '),
  CY: digits(4),
  CH: digits(4, 'CH', true),
  LI: { pattern: /^(?:FL)?(94(?:8[5-9]|9[0-8]))$/, format: (m) => m[1]! },
  // Outward code (area, district) and inward code (sector, unit): "SW1A 1AA", "M1 1AE".
  GB: split(/^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/, ' '),
  // ZIP or ZIP+4.
  US: { pattern: /^(\d{5})(\d{4})?$/, format: (m) => (m[2] ? `${m[1]}-${m[2]}` : m[1]!) },
  // "K1A 0B1": no D, F, I, O, Q or U; no W or Z first.
  CA: split(/^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])(\d[ABCEGHJ-NPRSTV-Z]\d)$/, ' '),
  AU: digits(4),
  NZ: digits(4),
};

/** The countries with a rule (every country the seed's regions ship to). */
export const POSTCODE_COUNTRIES = Object.keys(RULES);

/** For a country without a rule: letters, digits, spaces and hyphens. */
const GENERIC = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/;

/**
 * The postcode as the country writes it, or null when it is not a postcode of that country. A country
 * without a rule gets the generic check and the postcode back trimmed, with single spaces.
 */
export function normalisePostcode(countryIso: string, raw: string): string | null {
  const rule = RULES[countryIso.trim().toUpperCase()];
  const spaced = raw.trim().replace(/\s+/g, ' ');
  if (!rule) return GENERIC.test(spaced) ? spaced : null;
  const m = rule.pattern.exec(spaced.replace(/[\s-]/g, '').toUpperCase());
  return m ? rule.format(m) : null;
}
